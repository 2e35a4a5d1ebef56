import { routes } from '@waymark/core';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from './api-client';
import { queryKeys } from './query-keys';

/**
 * spec §7 getAllProjects for `orgId`, as query options: the Projects screen edits the list and the
 * Data Fields screen picks a project from it, under one key so a change shows on both.
 */
export function orgProjectsQuery(orgId: number) {
  return queryOptions({
    queryKey: queryKeys.projects(orgId),
    queryFn: () => apiClient.call(routes.getAllProjects, { params: { orgId } }),
    enabled: orgId > 0,
  });
}
