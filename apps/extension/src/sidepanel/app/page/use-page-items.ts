import type { PageKey } from '../../../messaging/index';
import { useLivePage, usePageSnapshot } from '../../shared/data/use-page-snapshot';

/**
 * The projects `pageUrl` belongs to (in the organization) and the chosen project's items there,
 * through the service worker, kept live while shown.
 */
export function usePageItems(pageUrl: string, orgId: number, projectId: number | null) {
  const page: PageKey = { pageUrl, orgId, projectId };
  const query = usePageSnapshot(page, (snapshot) => snapshot.page);
  useLivePage(page, query.data?.projectId ?? null);
  return query;
}
