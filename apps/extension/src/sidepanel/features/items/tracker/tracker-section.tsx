import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { TRACKER_VENDOR_NAMES, type TItemTracker, type TTrackerLink } from '@waymark/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorAlert } from '../../../shared/error-alert';
import { queryKeys } from '../../../shared/data/query-keys';
import { useIsOrgWritable } from '../../../../ui/index';
import { useCallApi } from '../../../shared/use-call-api';
import { LinkExistingForm } from './link-existing-form';
import { trackerName } from './tracker-name';

/**
 * An item's issue in a connected tracker (issue 30): its key, state and assignee (kept current
 * by the tracker's webhooks; the item's live event reloads it), or "Create issue in …" and "Link
 * existing issue" in any tracker the organization connected. Nothing shows when none is.
 */
export function TrackerSection({ itemId, onChanged }: { itemId: number; onChanged: () => void }) {
  const callApi = useCallApi();
  const queryClient = useQueryClient();
  const isWritable = useIsOrgWritable();
  const tracker = useQuery({
    queryKey: queryKeys.itemTracker(itemId),
    queryFn: () => callApi('getItemTracker', { params: { itemId } }),
  });
  const settle = (link: TTrackerLink | null) => {
    queryClient.setQueryData<TItemTracker>(queryKeys.itemTracker(itemId), (old) =>
      old ? { ...old, link } : old,
    );
    onChanged();
  };
  const create = useMutation({
    mutationFn: (connectionId: number) =>
      callApi('createTrackerIssue', { body: { itemId, connectionId } }),
    onSuccess: settle,
    onError: () => void tracker.refetch(),
  });
  const unlink = useMutation({
    mutationFn: () => callApi('unlinkTrackerIssue', { body: { itemId } }),
    onSuccess: () => settle(null),
  });
  if (!tracker.data || tracker.data.connections.length === 0) return null;
  const { link, connections } = tracker.data;
  // A closed organization shows the linked issue, and nothing to create, link or unlink.
  if (!link && !isWritable) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="tracker-heading">
      <Title order={3} size="h6" id="tracker-heading">
        Issue tracker
      </Title>
      {link ? (
        <LinkedIssue
          link={link}
          onUnlink={isWritable ? () => unlink.mutate() : undefined}
          isWorking={unlink.isPending}
        />
      ) : (
        <>
          <Group gap="xs">
            {connections.map((connection) => (
              <Button
                key={connection.connectionId}
                size="xs"
                variant="default"
                loading={create.isPending && create.variables === connection.connectionId}
                onClick={() => create.mutate(connection.connectionId)}
                title={connection.target}
              >
                Create issue in {trackerName(connection, connections)}
              </Button>
            ))}
          </Group>
          <LinkExistingForm itemId={itemId} connections={connections} onLinked={settle} />
        </>
      )}
      {create.error && <ErrorAlert error={create.error} title="The issue was not created" />}
      {unlink.error && <ErrorAlert error={unlink.error} title="Cannot unlink the issue" />}
    </Stack>
  );
}

function LinkedIssue({
  link,
  onUnlink,
  isWorking,
}: {
  link: TTrackerLink;
  /** Absent in a closed organization: no Cancel or Unlink. */
  onUnlink: (() => void) | undefined;
  isWorking: boolean;
}) {
  const vendor = TRACKER_VENDOR_NAMES[link.vendor];
  if (link.status === 'creating')
    return (
      <Group gap="xs" justify="space-between">
        <Text size="sm" role="status">
          Creating the issue in {vendor}…
        </Text>
        {onUnlink && (
          <Button size="compact-xs" variant="subtle" onClick={onUnlink} loading={isWorking}>
            Cancel
          </Button>
        )}
      </Group>
    );
  return (
    <Group
      gap="xs"
      justify="space-between"
      wrap="nowrap"
      aria-label={`${vendor} issue`}
      role="group"
    >
      <Group gap="xs" wrap="wrap">
        <Anchor href={link.url ?? undefined} target="_blank" rel="noopener noreferrer" size="sm">
          {vendor} {link.issueKey}
        </Anchor>
        {link.state && (
          <Text size="sm" fw={700}>
            {link.stateLabel ?? link.state}
          </Text>
        )}
        <Text size="xs">{link.assignee ? `Assigned to ${link.assignee}` : 'Unassigned'}</Text>
      </Group>
      {onUnlink && (
        <Button size="compact-xs" variant="subtle" onClick={onUnlink} loading={isWorking}>
          Unlink
        </Button>
      )}
    </Group>
  );
}
