import { routes } from '@waymark/core';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** The API tokens screen's query keys. */
export const tokenKeys = {
  mine: ['api-tokens', 'mine'] as const,
  orgKeys: (orgId: number) => ['api-tokens', 'org', orgId] as const,
};

/** The signed-in user's personal access tokens (issue 29). */
export function myTokensQuery() {
  return queryOptions({
    queryKey: tokenKeys.mine,
    queryFn: () => apiClient.call(routes.listMyTokens),
  });
}

/** The organization's API keys (admins). */
export function orgKeysQuery(orgId: number) {
  return queryOptions({
    queryKey: tokenKeys.orgKeys(orgId),
    queryFn: () => apiClient.call(routes.listOrgApiKeys, { params: { orgId } }),
    enabled: orgId > 0,
  });
}
