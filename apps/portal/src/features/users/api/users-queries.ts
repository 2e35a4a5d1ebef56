import { routes } from '@waymark/core';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Query keys of the Users screen; the mutations below invalidate through them. */
export const usersKeys = {
  /** Everything the Users screen reads for one organization. */
  all: (orgId: number) => ['users-screen', orgId] as const,
  orgUsers: (orgId: number) => ['users-screen', orgId, 'users'] as const,
  licenseInfo: (orgId: number) => ['users-screen', orgId, 'licenses'] as const,
  projects: (orgId: number) => ['users-screen', orgId, 'projects'] as const,
};

/** spec §7 getOrgUsers. */
export function orgUsersQuery(orgId: number) {
  return queryOptions({
    queryKey: usersKeys.orgUsers(orgId),
    queryFn: () => apiClient.call(routes.getOrgUsers, { params: { orgId } }),
  });
}

/** spec §3 licence counts (the usage bar). */
export function licenseInfoQuery(orgId: number) {
  return queryOptions({
    queryKey: usersKeys.licenseInfo(orgId),
    queryFn: () => apiClient.call(routes.getLicenseInfo, { params: { orgId } }),
  });
}

/** spec §7 getAllProjects: the Project Access tab's checklist. */
export function orgProjectsQuery(orgId: number) {
  return queryOptions({
    queryKey: usersKeys.projects(orgId),
    queryFn: () => apiClient.call(routes.getAllProjects, { params: { orgId } }),
  });
}
