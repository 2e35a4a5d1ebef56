import { Alert, Button, Stack, Text } from '@mantine/core';
import {
  ACCESS_ACCEPT_FAILED_MESSAGE,
  ACCESS_ACCEPTED_MESSAGE,
  NOTIFICATION_TEMPLATES,
  type TNotification,
} from '@waymark/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCallApi } from '../../shared/use-call-api';
import { queryKeys } from '../../shared/data/query-keys';

/** spec §8: the accept-access toast texts, shown here beside the invitation. */
export { ACCESS_ACCEPTED_MESSAGE };
/** spec §8: accepting failed. */
export { ACCESS_ACCEPT_FAILED_MESSAGE };

/** The plain text of a notification's (server-sanitised) HTML. */
export function notificationText(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() ?? '';
}

/** The caller's unanswered invitations: template-4 notifications (spec §4). */
export function pendingInvitations(notifications: readonly TNotification[]): TNotification[] {
  return notifications.filter(
    (notification) => notification.notificationTemplateId === NOTIFICATION_TEMPLATES.orgInvitation,
  );
}

/**
 * Invitations to organizations, each with Accept (issue 12: ordinary users only use the
 * extension, spec §1, so nobody has to visit the portal to join). Accepting reloads the
 * organizations, so the projects granted show at once.
 */
export function PendingInvitations() {
  const callApi = useCallApi();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<{ text: string; isError: boolean } | null>(null);
  const notifications = useQuery({
    queryKey: queryKeys.invitations(),
    queryFn: () => callApi('getSiteNotifications', {}),
  });
  const accept = useMutation({
    mutationFn: (orgId: number) => callApi('acceptOrgAccess', { params: { orgId } }),
    onSuccess: () => setOutcome({ text: ACCESS_ACCEPTED_MESSAGE, isError: false }),
    onError: () => setOutcome({ text: ACCESS_ACCEPT_FAILED_MESSAGE, isError: true }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.invitations() });
      await queryClient.invalidateQueries({ queryKey: queryKeys.orgs() });
    },
  });
  const invitations = pendingInvitations(notifications.data ?? []);
  return (
    <Stack gap="xs">
      {outcome && (
        <Alert
          variant="light"
          color={outcome.isError ? 'red' : 'green'}
          role={outcome.isError ? 'alert' : 'status'}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setOutcome(null)}
        >
          {outcome.text}
        </Alert>
      )}
      {invitations.map((invitation) => (
        <Alert key={invitation.notificationInfoId} variant="light" title="Invitation">
          <Text size="sm">{notificationText(invitation.notificationDescription)}</Text>
          <Button
            size="xs"
            mt="xs"
            loading={accept.isPending && accept.variables === invitation.notificationOrgId}
            onClick={() => accept.mutate(invitation.notificationOrgId)}
          >
            Accept
          </Button>
        </Alert>
      ))}
    </Stack>
  );
}
