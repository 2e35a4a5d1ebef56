import { routes, type TOrganization } from '@waymark/core';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';
import { storeOrganizations } from './org-storage';
import { queryKeys } from './query-keys';

/** spec §4 Login: fetches the caller's organizations and stores them (the first is selected). */
export async function fetchOrganizations(): Promise<TOrganization[]> {
  const organizations = await apiClient.call(routes.getOrgs);
  storeOrganizations(organizations);
  return organizations;
}

/** The caller's organizations as a query; each fetch refreshes the browser-stored keys. */
export function useOrganizations(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.organizations,
    queryFn: fetchOrganizations,
    enabled: options.enabled ?? true,
    retry: false,
  });
}
