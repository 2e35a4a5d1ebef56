import type { TOrganization } from '@waymark/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useChromeApi } from '../../../ui/index';
import { pickOrg, readOrgId, saveOrgId } from '../../../settings/index';
import { useCallApi } from '../../shared/use-call-api';
import { queryKeys } from '../../shared/data/query-keys';

/** spec §6: organization access level id 1 is admin. */
export const ADMIN_ACCESS_LEVEL_ID = 1;

/** The user's organizations and the selected one. */
export type OrgSelection = {
  orgs: TOrganization[];
  /** The stored choice, or the first organization (spec §3: the first becomes the selected one). */
  org: TOrganization | null;
  isAdmin: boolean;
  select(orgId: number): void;
};

/** Loads the user's organizations (getOrgs) and the stored selection. */
export function useOrgSelection() {
  const api = useChromeApi();
  const callApi = useCallApi();
  const queryClient = useQueryClient();
  const orgs = useQuery({ queryKey: queryKeys.orgs(), queryFn: () => callApi('getOrgs', {}) });
  const storedId = useQuery({ queryKey: queryKeys.orgId(), queryFn: () => readOrgId(api) });
  const list = orgs.data ?? [];
  const org = pickOrg(list, storedId.data ?? 0);
  const selection: OrgSelection = {
    orgs: list,
    org,
    isAdmin: org?.orgAccessLevelId === ADMIN_ACCESS_LEVEL_ID,
    select: (orgId) => {
      queryClient.setQueryData(queryKeys.orgId(), orgId);
      void saveOrgId(api, orgId);
    },
  };
  return { ...orgs, isPending: orgs.isPending || storedId.isPending, selection };
}
