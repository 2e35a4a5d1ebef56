import { Alert, Button, Group, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type TOrganization } from '@waymark/core';
import { useState, type FormEvent } from 'react';
import { apiClient } from '../../../lib/api-client';
import { getErrorMessage } from '../../../lib/error-message';
import { queryKeys } from '../../../lib/query-keys';

/** Props of {@link CloseOrganizationPanel}. */
export type CloseOrganizationPanelProps = {
  /** The open organization of the Account screen; the panel shows for its owner only. */
  org: TOrganization;
  /** The grace period the server keeps a closed organization, in days (what the text promises). */
  graceDays?: number;
};

/**
 * Issue 33: the Account screen's danger zone — the owner closes the organization, confirming by
 * typing its name (decision 0063). Says what closing does before asking; a refusal shows in place.
 */
export function CloseOrganizationPanel({ org, graceDays = 30 }: CloseOrganizationPanelProps) {
  const [isOpen, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const queryClient = useQueryClient();
  const closing = useMutation({
    mutationFn: () =>
      apiClient.call(routes.closeOrganization, {
        body: { orgId: org.orgId, confirmName: typed },
      }),
    onSuccess: async () => {
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: queryKeys.organizations });
    },
  });
  if (org.orgAccessLevelDescription !== 'Owner' || org.closure) return null;
  const matches = typed.trim().toLowerCase() === org.orgName.trim().toLowerCase();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (matches) closing.mutate();
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="close-org-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="close-org-title">
          Close organization
        </Title>
        <Text size="sm">
          Closing ends your plan at once (nothing more is charged). Your team can still read
          everything, but nothing can be changed. After {graceDays} days every item, note,
          attachment and setting of {org.orgName} is deleted for good; until then you can reopen it
          here.
        </Text>
        {/* red.8: white on Mantine's default red is below 4.5:1 (axe color-contrast). */}
        <Button color="red.8" w="fit-content" onClick={() => setOpen(true)}>
          Close organization…
        </Button>
      </Stack>
      <Modal
        // Inside <main>, the modal's <header> is not a second banner landmark (axe).
        withinPortal={false}
        opened={isOpen}
        onClose={() => setOpen(false)}
        title={`Close ${org.orgName}?`}
      >
        <form onSubmit={onSubmit}>
          <Stack gap="md">
            <Text size="sm">
              Type the name of the organization, <strong>{org.orgName}</strong>, to confirm.
            </Text>
            <TextInput
              label="Organization name"
              autoComplete="off"
              required
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
            />
            {closing.isError && (
              <Alert color="red" role="alert" title="The organization was not closed">
                {getErrorMessage(closing.error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>
                Keep it open
              </Button>
              <Button type="submit" color="red.8" disabled={!matches} loading={closing.isPending}>
                Close organization
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Paper>
  );
}
