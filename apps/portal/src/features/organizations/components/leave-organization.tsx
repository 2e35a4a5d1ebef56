import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { routes } from '@waymark/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { apiClient } from '../../../lib/api-client';
import { getErrorMessage } from '../../../lib/error-message';
import { queryKeys } from '../../../lib/query-keys';

/** Props of {@link LeaveOrganization}. */
export type LeaveOrganizationProps = { orgId: number; orgName: string };

/**
 * Issue 33: a member leaves the organization from the Admin Access Only screen, after a
 * confirmation. The answer (or the refusal, e.g. for the only admin) is shown in place.
 */
export function LeaveOrganization({ orgId, orgName }: LeaveOrganizationProps) {
  const queryClient = useQueryClient();
  const [isConfirming, setConfirming] = useState(false);
  const leave = useMutation({
    mutationFn: () => apiClient.call(routes.leaveOrg, { params: { orgId } }),
    onSettled: () => setConfirming(false),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.organizations }),
  });
  return (
    <Stack gap="sm" component="section" aria-labelledby="leave-organization">
      <Title order={2} size="h3" id="leave-organization">
        Leave {orgName}
      </Title>
      <Text size="sm">
        You stop being a member: your licence is freed and you lose access to its projects. The
        items and notes you wrote stay with the organization.
      </Text>
      {leave.isSuccess && <Alert color="green">{leave.data}</Alert>}
      {leave.isError && (
        <Alert color="red" role="alert">
          {getErrorMessage(leave.error)}
        </Alert>
      )}
      {!leave.isSuccess && (
        <Button color="red" variant="light" w="fit-content" onClick={() => setConfirming(true)}>
          Leave organization
        </Button>
      )}
      <ConfirmDialog
        opened={isConfirming}
        title="Leave Organization"
        confirmLabel="Leave"
        isWorking={leave.isPending}
        onConfirm={() => leave.mutate()}
        onClose={() => setConfirming(false)}
      >
        <Text>Leave {orgName}? You will need a new invitation to come back. Your items stay.</Text>
      </ConfirmDialog>
    </Stack>
  );
}
