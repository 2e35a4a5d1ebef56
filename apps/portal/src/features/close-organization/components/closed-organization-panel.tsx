import { Alert, Button, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ORG_CLOSED_MESSAGE, routes, type TOrganization } from '@waymark/core';
import type { ReactNode } from 'react';
import { apiClient } from '../../../lib/api-client';
import { getErrorMessage } from '../../../lib/error-message';
import { queryKeys } from '../../../lib/query-keys';
import { formatClosingDay } from '../format-closing-day';

/** Props of {@link ClosedOrganizationPanel}. */
export type ClosedOrganizationPanelProps = {
  /** The closed organization (its `closure` is set). */
  org: TOrganization & { closure: NonNullable<TOrganization['closure']> };
  /** What the owner may still do with its data while closed (the final export card). */
  children?: ReactNode;
};

/**
 * Issue 33: what the Account screen shows for a closed organization — that it is closed, when it
 * is deleted, and for its owner the way back (Reopen) and a place for the final export.
 */
export function ClosedOrganizationPanel({ org, children }: ClosedOrganizationPanelProps) {
  const queryClient = useQueryClient();
  const reopen = useMutation({
    mutationFn: () => apiClient.call(routes.reopenOrganization, { body: { orgId: org.orgId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.organizations }),
  });
  const isOwner = org.orgAccessLevelDescription === 'Owner';
  const isBeingDeleted = new Date(org.closure.deletesAt) <= new Date(org.closure.closedAt);
  return (
    <Stack gap="lg">
      <Alert color="red" variant="light" title="This organization is closed">
        <Stack gap="xs">
          <Text size="sm">{ORG_CLOSED_MESSAGE}</Text>
          <Text size="sm" data-testid="deletion-day">
            {isBeingDeleted
              ? 'Its data is being deleted.'
              : `Its data will be deleted on ${formatClosingDay(org.closure.deletesAt)}.`}
          </Text>
        </Stack>
      </Alert>
      {children}
      {isOwner && !isBeingDeleted && (
        <Stack gap="xs">
          <Text size="sm">
            Reopening puts the organization on the Free plan: you choose a plan again and invite
            your team again.
          </Text>
          {reopen.isError && (
            <Alert color="red" role="alert" title="The organization was not reopened">
              {getErrorMessage(reopen.error)}
            </Alert>
          )}
          <Button w="fit-content" loading={reopen.isPending} onClick={() => reopen.mutate()}>
            Reopen organization
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
