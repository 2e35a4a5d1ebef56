import { routes, type TAuditFilter } from '@waymark/core';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Rows per page of the audit log screen. */
export const AUDIT_PAGE_SIZE = 50;

/** The audit log's pages for one organization and filter, newest first (keyset: `before`). */
export function auditEventsQuery(orgId: number, filter: TAuditFilter) {
  return infiniteQueryOptions({
    queryKey: ['audit-log', orgId, filter] as const,
    queryFn: ({ pageParam }) =>
      apiClient.call(routes.listAuditEvents, {
        body: {
          orgId,
          filter,
          limit: AUDIT_PAGE_SIZE,
          ...(pageParam ? { before: pageParam } : {}),
        },
      }),
    initialPageParam: 0,
    getNextPageParam: (page) => (page.hasMore ? page.events.at(-1)?.id : undefined),
    enabled: orgId > 0,
  });
}

/** The organization's users, for the actor filter. */
export function auditActorsQuery(orgId: number) {
  return queryOptions({
    queryKey: ['audit-log', orgId, 'actors'] as const,
    queryFn: () => apiClient.call(routes.getOrgUsers, { params: { orgId } }),
    enabled: orgId > 0,
  });
}

/** Downloads the filtered log as CSV through the browser. */
export async function downloadAuditCsv(orgId: number, filter: TAuditFilter): Promise<void> {
  const blob = await apiClient.call(routes.exportAuditEvents, { body: { orgId, filter } });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `waymark-audit-log.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has read the blob once the click's download started.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
