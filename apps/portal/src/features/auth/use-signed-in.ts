import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getSignedInUser, signIn } from '../../lib/auth/session';
import { queryKeys } from '../../lib/query-keys';

/** Whether someone is signed in: still checking, yes, being sent to sign in, or unknown. */
export type SignedIn = 'checking' | 'signed-in' | 'sign-in' | 'failed';

/**
 * For pages any signed-in user may open (issue 27: notification preferences): with nobody signed
 * in it starts login, which comes back to `returnTo` (a portal path).
 */
export function useSignedIn(returnTo: string): SignedIn {
  const session = useQuery({
    queryKey: queryKeys.sessionUser,
    queryFn: getSignedInUser,
    retry: false,
  });
  const needsSignIn = session.isSuccess && !session.data;
  useEffect(() => {
    if (needsSignIn)
      void signIn(returnTo).catch((error: unknown) => console.error('Sign-in failed', error));
  }, [needsSignIn, returnTo]);
  if (session.isError) return 'failed';
  if (session.isPending) return 'checking';
  return needsSignIn ? 'sign-in' : 'signed-in';
}
