import { routes, type TOrganization } from '@waymark/core';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';
import { storeOrganisations } from './org-storage';
import { queryKeys } from './query-keys';

/** spec §4 Login: fetches the caller's organisations and stores them (the first is selected). */
export async function fetchOrganisations(): Promise<TOrganization[]> {
  const organisations = await apiClient.call(routes.getOrgs);
  storeOrganisations(organisations);
  return organisations;
}

/** The caller's organisations as a query; each fetch refreshes the browser-stored keys. */
export function useOrganisations(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.organisations,
    queryFn: fetchOrganisations,
    enabled: options.enabled ?? true,
    retry: false,
  });
}
