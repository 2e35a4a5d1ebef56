import { Text } from '@mantine/core';
import type { PageKey } from '../../../messaging/index';
import { usePageSnapshot } from './use-page-snapshot';
import { useIsLate } from './use-is-late';
import { formatOfflineNote, formatUpdatingNote } from './format-kept-note';

/**
 * How long a kept page lookup (the panel's first paint) may be revalidated before the panel says
 * that what it shows is not confirmed yet: long enough that a normal answer never flashes it.
 */
const KEPT_NOTE_DELAY_MS = 1_000;

/**
 * Shows {@link formatOfflineNote} while the page's items come from the offline cache, and
 * {@link formatUpdatingNote} while kept items shown at once are slow to be confirmed (the server
 * is slow or the network is gone and the worker has not said so yet).
 */
export function OfflineNote({ page }: { page: PageKey }) {
  const snapshot = usePageSnapshot(page);
  const isLate = useIsLate(snapshot.isFetching && snapshot.isStale, KEPT_NOTE_DELAY_MS);
  const shown = snapshot.data;
  if (!shown) return null;
  if (shown.isOffline)
    return (
      <Text size="xs" c="orange.8" role="status">
        {formatOfflineNote(shown.updatedAt)}
      </Text>
    );
  if (!isLate) return null;
  return (
    <Text size="xs" c="dimmed" role="status">
      {formatUpdatingNote(shown.updatedAt)}
    </Text>
  );
}
