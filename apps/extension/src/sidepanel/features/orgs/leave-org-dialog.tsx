import { Button, Group, Text } from '@mantine/core';
import type { TOrganization } from '@waymark/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useChromeApi } from '../../../ui/index';
import { saveOrgId } from '../../../settings/index';
import { ErrorAlert } from '../../shared/error-alert';
import { PanelDialog } from '../../shared/panel-dialog';
import { useCallApi } from '../../shared/use-call-api';
import { queryKeys } from '../../shared/data/query-keys';

/**
 * Issue 33: a member leaves the selected organization from the panel's menu, after confirming.
 * On success the panel forgets the choice (the stored organization becomes "the first one") and
 * reloads everything: with other organizations left it shows the first of them and its switcher,
 * with none the panel's no-organization screen. A refusal (the only admin) is shown in place.
 */
export function LeaveOrgDialog({
  org,
  isOpen,
  onClose,
}: {
  org: TOrganization;
  isOpen: boolean;
  onClose: () => void;
}) {
  const api = useChromeApi();
  const callApi = useCallApi();
  const queryClient = useQueryClient();
  const leave = useMutation({
    mutationFn: () => callApi('leaveOrg', { params: { orgId: org.orgId } }),
    onSuccess: async () => {
      await saveOrgId(api, 0);
      queryClient.setQueryData(queryKeys.orgId(), 0);
      onClose();
      // Every answer the panel holds may be of the organization just left.
      await queryClient.invalidateQueries();
    },
  });
  const close = () => {
    leave.reset();
    onClose();
  };
  return (
    <PanelDialog opened={isOpen} onClose={close} title="Leave organization">
      <Text size="sm">
        Leave {org.orgName}? Your licence is freed and you lose access to its projects; the items
        and notes you wrote stay. You will need a new invitation to come back.
      </Text>
      {leave.isError && <ErrorAlert error={leave.error} title="You did not leave" />}
      <Group justify="flex-end" mt="md" gap="xs">
        <Button variant="default" onClick={close}>
          Cancel
        </Button>
        <Button color="red" loading={leave.isPending} onClick={() => leave.mutate()}>
          Leave {org.orgName}
        </Button>
      </Group>
    </PanelDialog>
  );
}
