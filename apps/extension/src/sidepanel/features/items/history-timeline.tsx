import { Stack, Text, Timeline, Title } from '@mantine/core';
import { ATTACHMENT_HISTORY_FIELD, type TItemHistoryEntry } from '@waymark/core';
import { formatTime } from '../../shared/format-time';

/** Every recorded change of an item, newest first: who, when, which field, before and after. */
export function HistoryTimeline({ history }: { history: TItemHistoryEntry[] }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="history-heading">
      <Title order={3} size="h6" id="history-heading">
        History
      </Title>
      <Timeline bulletSize={12} lineWidth={2}>
        {history.map((entry) => (
          <Timeline.Item
            key={entry.historyId}
            title={<Text size="sm">{describeChange(entry)}</Text>}
          >
            <Text size="xs" c="dimmed">
              {entry.changedBy} · {formatTime(entry.changedAt)}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    </Stack>
  );
}

/** One history entry in words; an attachment's entry names the file added or removed. */
export function describeChange(entry: TItemHistoryEntry): string {
  if (entry.field === ATTACHMENT_HISTORY_FIELD) {
    return entry.after !== null
      ? `Attached “${entry.after}”`
      : `Removed attachment “${entry.before ?? ''}”`;
  }
  if (entry.before === null && entry.after !== null)
    return `${entry.field}: set to “${entry.after}”`;
  if (entry.after === null) return `${entry.field}: cleared (was “${entry.before ?? ''}”)`;
  return `${entry.field}: “${entry.before}” → “${entry.after}”`;
}
