import { Stack, Text, Timeline, Title } from '@mantine/core';
import { describeHistoryEntry, type TItemHistoryEntry } from '@waymark/core';
import { formatTime } from '../../shared/format-time';
import { useCallApi } from '../../shared/use-call-api';
import { queryKeys } from '../../shared/data/query-keys';
import { OlderRowsButton, useOlderRows } from '../../../ui/index';

/**
 * Every recorded change of an item, newest first: who, when, which field, before and after. The
 * item brings its newest changes; older ones are read a page at a time on request (decision 0138).
 */
export function HistoryTimeline({
  itemId,
  history,
  hasOlder,
}: {
  itemId: number;
  history: TItemHistoryEntry[];
  hasOlder: boolean;
}) {
  const callApi = useCallApi();
  const older = useOlderRows<TItemHistoryEntry>({
    queryKey: queryKeys.itemThread(itemId, 'history'),
    cursor: history.at(-1)?.historyId,
    hasOlder,
    olderThan: (page) => page.at(-1)?.historyId,
    load: (beforeId) =>
      callApi('getItemHistory', { params: { itemId }, query: { beforeId: String(beforeId) } }),
  });
  return (
    <Stack gap="xs" component="section" aria-labelledby="history-heading">
      <Title order={3} size="h6" id="history-heading">
        History
      </Title>
      <Timeline bulletSize={12} lineWidth={2}>
        {[...history, ...older.pages.flat()].map((entry) => (
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
      <OlderRowsButton rows={older} label="Show older changes" />
    </Stack>
  );
}
