import { Stack, Text, Timeline, Title } from '@mantine/core';
import type { TItemHistoryEntry } from '@waymark/core';
import { formatTime } from './format-time';

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

function describeChange(entry: TItemHistoryEntry): string {
  if (entry.before === null && entry.after !== null)
    return `${entry.field}: set to “${entry.after}”`;
  if (entry.after === null) return `${entry.field}: cleared (was “${entry.before ?? ''}”)`;
  return `${entry.field}: “${entry.before}” → “${entry.after}”`;
}
