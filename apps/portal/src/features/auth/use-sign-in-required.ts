import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getSignedInUser, signIn } from '../../lib/auth/session';
import { queryKeys } from '../../lib/query-keys';

/** A page's sign-in state: checking, signed in, on its way to sign in, or the check failed. */
export type SignInState = 'checking' | 'signed-in' | 'sign-in' | 'failed';

/**
 * For a page any signed-in user may see (not only administrators): with nobody signed in it
 * starts login and comes back to `returnTo` afterwards.
 */
export function useSignInRequired(returnTo: string): SignInState {
  const session = useQuery({
    queryKey: queryKeys.sessionUser,
    queryFn: getSignedInUser,
    retry: false,
  });
  const needsSignIn = session.isSuccess && !session.data;
  useEffect(() => {
    if (needsSignIn)
      void signIn({ returnTo }).catch((error: unknown) => console.error('Sign-in failed', error));
  }, [needsSignIn, returnTo]);
  if (session.isError) return 'failed';
  if (needsSignIn) return 'sign-in';
  return session.data ? 'signed-in' : 'checking';
}
