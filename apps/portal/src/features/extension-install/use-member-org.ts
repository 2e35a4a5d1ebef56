import { useQuery } from '@tanstack/react-query';
import type { TOrganization } from '@waymark/core';
import { getSignedInUser } from '../../lib/auth/session';
import { useOrganizations } from '../../lib/organizations';
import { queryKeys } from '../../lib/query-keys';

/**
 * The organization a signed-in member without admin rights belongs to (the first, spec §3), or
 * null while loading, when signed out or when in none: only a member is shown the next steps.
 */
export function useMemberOrg(): TOrganization | null {
  const session = useQuery({
    queryKey: queryKeys.sessionUser,
    queryFn: getSignedInUser,
    retry: false,
  });
  const organizations = useOrganizations({ enabled: Boolean(session.data) });
  return organizations.data?.[0] ?? null;
}
