import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getSignedInUser, signIn } from '../../lib/auth/session';
import { useOrganisations } from '../../lib/organisations';
import { queryKeys } from '../../lib/query-keys';
import { decideAdminRoute, type AdminRouteDecision } from './admin-route-decision';

/** The guard's state: still checking, the organisations could not be read, or its decision. */
export type AdminAccess = 'checking' | 'failed' | AdminRouteDecision;

/**
 * Checks the session and the caller's organisations for the /app guard. With nobody signed in it
 * starts login (spec §2: the admin area is guarded by a login check).
 */
export function useAdminAccess(): AdminAccess {
  const session = useQuery({
    queryKey: queryKeys.sessionUser,
    queryFn: getSignedInUser,
    retry: false,
  });
  const isSignedIn = Boolean(session.data);
  const organisations = useOrganisations({ enabled: isSignedIn });
  const needsSignIn = session.isSuccess && !isSignedIn;

  useEffect(() => {
    if (needsSignIn)
      void signIn().catch((error: unknown) => console.error('Sign-in failed', error));
  }, [needsSignIn]);

  if (needsSignIn) return 'sign-in';
  if (session.isError || organisations.isError) return 'failed';
  if (!organisations.data) return 'checking';
  return decideAdminRoute({ isSignedIn, organisations: organisations.data });
}
