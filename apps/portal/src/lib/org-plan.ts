import { getPlan, routes, type Plan } from '@waymark/core';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';
import { readOrgId } from './org-storage';
import { queryKeys } from './query-keys';

/**
 * The selected organization's plan (spec §9 limits and features), from getOrgPlanInfo; undefined
 * while loading. The admin screens use it to show limits where they bite and to keep read-only
 * what the server would refuse with PLAN_LIMIT.
 */
export function useOrgPlan(): Plan | undefined {
  const orgId = readOrgId();
  const { data } = useQuery({
    queryKey: queryKeys.orgPlan(orgId),
    queryFn: () => apiClient.call(routes.getOrgPlanInfo, { params: { orgId } }),
    enabled: orgId > 0,
  });
  return data ? getPlan(data.currentPlanId) : undefined;
}
