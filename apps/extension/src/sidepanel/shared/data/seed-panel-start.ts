import type { QueryClient } from '@tanstack/react-query';
import type { PanelStart } from '../../../messaging/index';
import { queryKeys } from './query-keys';

/**
 * Puts what the worker held when the panel opened into the panel's queries (stale-while-
 * revalidate): the session and organization choice as they are, the kept organizations and page
 * lookup with the time they were fetched, marked stale so their queries refetch as they mount.
 */
export function seedPanelStart(queryClient: QueryClient, start: PanelStart): void {
  queryClient.setQueryData(queryKeys.session(), start.session);
  queryClient.setQueryData(queryKeys.orgId(), start.orgId);
  if (start.orgs)
    queryClient.setQueryData(queryKeys.orgs(), start.orgs.value, {
      updatedAt: start.orgs.savedAt,
    });
  if (start.snapshot) {
    const key = queryKeys.page(start.snapshot.page);
    queryClient.setQueryData(key, start.snapshot.value, {
      updatedAt: start.snapshot.value.updatedAt,
    });
    // Page queries never go stale by time (the worker pushes news): invalidate to refetch on mount.
    void queryClient.invalidateQueries({ queryKey: key, exact: true, refetchType: 'none' });
  }
}
