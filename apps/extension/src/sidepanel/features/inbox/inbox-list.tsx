import { Button, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { describeInboxEntry, type TInboxEntry } from '@waymark/core';
import { ErrorAlert } from '../../shared/error-alert';
import { formatTime } from '../../shared/format-time';

/**
 * The notifications, newest first: each a button that opens the item on its page (and marks it
 * read); unread ones in bold with an "Unread" word for screen readers; "Mark all read".
 */
export function InboxList({
  entries,
  unreadCount,
  onOpen,
  onMarkAllRead,
  isMarking,
  error,
}: {
  entries: TInboxEntry[];
  unreadCount: number;
  onOpen: (entry: TInboxEntry) => void;
  onMarkAllRead: () => void;
  isMarking: boolean;
  error: Error | null;
}) {
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" c="dimmed" aria-live="polite">
          {unreadCount === 0 ? 'Nothing unread' : `${unreadCount} unread`}
        </Text>
        <Button
          size="compact-xs"
          variant="subtle"
          disabled={unreadCount === 0}
          loading={isMarking}
          onClick={onMarkAllRead}
        >
          Mark all read
        </Button>
      </Group>
      {error && <ErrorAlert error={error} title="Could not update your notifications" />}
      {entries.length === 0 && (
        <Text size="sm">
          No notifications yet. You hear here when someone mentions you, assigns you an item, or
          changes what you watch.
        </Text>
      )}
      <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
        {entries.map((entry) => (
          <li key={entry.entryId} data-testid="inbox-entry">
            <UnstyledButton
              onClick={() => onOpen(entry)}
              p={6}
              w="100%"
              style={{
                borderRadius: 4,
                borderLeft: entry.isRead ? undefined : '3px solid var(--mantine-color-blue-7)',
              }}
            >
              <Text size="sm" fw={entry.isRead ? 400 : 700} lineClamp={3}>
                {!entry.isRead && <VisuallyHidden>Unread: </VisuallyHidden>}
                {describeInboxEntry(entry)}
              </Text>
              <Text size="xs" c="dimmed">
                {formatTime(entry.createdAt)}
              </Text>
            </UnstyledButton>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
