import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getSignedInUser, signIn } from '../../lib/auth/session';
import { useOrganizations } from '../../lib/organizations';
import { queryKeys } from '../../lib/query-keys';
import { decideAdminRoute, type AdminRouteDecision } from './admin-route-decision';

/** The guard's state: still checking, the organizations could not be read, or its decision. */
export type AdminAccess = 'checking' | 'failed' | AdminRouteDecision;

/**
 * Checks the session and the caller's organizations for the /app guard. With nobody signed in it
 * starts login (spec §2: the admin area is guarded by a login check).
 */
export function useAdminAccess(): AdminAccess {
  const session = useQuery({
    queryKey: queryKeys.sessionUser,
    queryFn: getSignedInUser,
    retry: false,
  });
  const isSignedIn = Boolean(session.data);
  const organizations = useOrganizations({ enabled: isSignedIn });
  const needsSignIn = session.isSuccess && !isSignedIn;

  useEffect(() => {
    if (needsSignIn)
      void signIn().catch((error: unknown) => console.error('Sign-in failed', error));
  }, [needsSignIn]);

  if (needsSignIn) return 'sign-in';
  if (session.isError || organizations.isError) return 'failed';
  if (!organizations.data) return 'checking';
  return decideAdminRoute({ isSignedIn, organizations: organizations.data });
}
