import { useQuery } from '@tanstack/react-query';
import { useCallApi } from '../../shared/use-call-api';
import { queryKeys } from '../../shared/data/query-keys';

/** The choices of an item's fields: the org's types and statuses, the project's releases and people. */
export function useItemOptions(orgId: number, projectId: number) {
  const callApi = useCallApi();
  const types = useQuery({
    queryKey: queryKeys.itemTypes(orgId),
    queryFn: () => callApi('getItemTypeOptions', { params: { orgId } }),
  });
  const statuses = useQuery({
    queryKey: queryKeys.statuses(orgId),
    queryFn: () => callApi('getStatusOptions', { params: { orgId } }),
  });
  const releases = useQuery({
    queryKey: queryKeys.releases(projectId),
    queryFn: () => callApi('getReleaseOptions', { params: { projectId } }),
  });
  const assignees = useQuery({
    queryKey: queryKeys.assignees(projectId),
    queryFn: () => callApi('getAssigneeOptions', { params: { projectId } }),
  });
  const all = [types, statuses, releases, assignees];
  return {
    types: types.data ?? [],
    statuses: statuses.data ?? [],
    releases: releases.data ?? [],
    assignees: assignees.data ?? [],
    isPending: all.some((query) => query.isPending),
    error: all.find((query) => query.error)?.error ?? null,
  };
}
