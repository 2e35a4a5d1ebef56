import { routes } from '@waymark/core';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** The issue trackers' query keys, in one place. */
export const trackerKeys = {
  connections: (orgId: number) => ['integrations', 'trackers', orgId] as const,
  mapping: (orgId: number) => ['integrations', 'tracker-mapping', orgId] as const,
  statuses: (orgId: number) => ['integrations', 'statuses', orgId] as const,
};

/** The organization's connected trackers. */
export function trackerConnectionsQuery(orgId: number) {
  return queryOptions({
    queryKey: trackerKeys.connections(orgId),
    queryFn: () => apiClient.call(routes.getTrackerConnections, { params: { orgId } }),
    enabled: orgId > 0,
  });
}

/** The tracker state → status mapping. */
export function trackerMappingQuery(orgId: number) {
  return queryOptions({
    queryKey: trackerKeys.mapping(orgId),
    queryFn: () => apiClient.call(routes.getTrackerStateMapping, { params: { orgId } }),
    enabled: orgId > 0,
  });
}

/** The organization's statuses, for the mapping's choices. */
export function orgStatusesQuery(orgId: number) {
  return queryOptions({
    queryKey: trackerKeys.statuses(orgId),
    queryFn: () => apiClient.call(routes.getStatusOptions, { params: { orgId } }),
    enabled: orgId > 0,
  });
}
