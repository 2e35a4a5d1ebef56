import { Text } from '@mantine/core';
import type { PageKey } from '../../messaging/index';
import { usePageSnapshot } from './use-page-snapshot';

/** The marker of a page shown from the offline cache (issue 16): "offline — last updated {time}". */
export function formatOfflineNote(updatedAt: number, locale?: string): string {
  const time = new Date(updatedAt).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return `offline — last updated ${time}`;
}

/** Shows {@link formatOfflineNote} while the page's items come from the offline cache. */
export function OfflineNote({ page }: { page: PageKey }) {
  const snapshot = usePageSnapshot(page, (value) => (value.isOffline ? value.updatedAt : null));
  if (snapshot.data === null || snapshot.data === undefined) return null;
  return (
    <Text size="xs" c="orange.8" role="status">
      {formatOfflineNote(snapshot.data)}
    </Text>
  );
}
