import { Stack, Text, Timeline, Title } from '@mantine/core';
import { describeHistoryEntry, type TItemHistoryEntry } from '@waymark/core';
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
            title={<Text size="sm">{describeHistoryEntry(entry)}</Text>}
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
