import { routes } from '@waymark/core';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** The Data Fields screen's query keys, in one place. */
export const dataFieldKeys = {
  values: (kind: string, orgId: number) => ['data-fields', kind, orgId] as const,
  releases: (projectId: number) => ['data-fields', 'releases', projectId] as const,
  usage: (field: string, id: number) => ['data-fields', 'usage', field, id] as const,
};

/** An organization-wide data field: statuses or item types (spec §3). */
export type OrgFieldKind = 'status' | 'itemType';

type Value = { id: number; text: string };

const FETCH_VALUES: Record<OrgFieldKind, (orgId: number) => Promise<Value[]>> = {
  status: async (orgId) =>
    (await apiClient.call(routes.getStatusOptions, { params: { orgId } })).map((status) => ({
      id: status.itemStatusId,
      text: status.itemStatusDescription,
    })),
  itemType: async (orgId) =>
    (await apiClient.call(routes.getItemTypeOptions, { params: { orgId } })).map((type) => ({
      id: type.itemTypeId,
      text: type.itemTypeDescription,
    })),
};

/** spec §7 getStatusOptions / getItemTypeOptions, as editable values. */
export function orgFieldQuery(kind: OrgFieldKind, orgId: number) {
  return queryOptions({
    queryKey: dataFieldKeys.values(kind, orgId),
    queryFn: () => FETCH_VALUES[kind](orgId),
    enabled: orgId > 0,
  });
}

/** spec §7 getReleaseOptions of a project, as editable values. */
export function releasesQuery(projectId: number | null) {
  return queryOptions({
    queryKey: dataFieldKeys.releases(projectId ?? 0),
    queryFn: async () =>
      (
        await apiClient.call(routes.getReleaseOptions, { params: { projectId: projectId ?? 0 } })
      ).map((release) => ({ id: release.releaseId, text: release.releaseTitle })),
    enabled: projectId !== null,
  });
}
