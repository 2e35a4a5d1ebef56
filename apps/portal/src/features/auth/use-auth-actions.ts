import { useMemo } from 'react';
import { signIn, signOut, signUp } from '../../lib/auth/session';

/** What the sign-in buttons of the portal can do. */
export type AuthActions = {
  /** Starts sign-in (spec §2: redirect to the identity provider). */
  logIn: () => void;
  /** Starts sign-up on the provider's own sign-up screen (spec §2, plans-pricing). */
  signUp: () => void;
  /** Clears the organisation keys, signs out at the provider and returns to the app home. */
  logOut: () => void;
};

function logFailure(action: string) {
  // spec §8: identity initialization and logout failures are only logged.
  return (error: unknown) => console.error(`${action} failed`, error);
}

/** The single seam for sign-in, sign-up and sign-out used by every button of the portal. */
export function useAuthActions(): AuthActions {
  return useMemo(
    () => ({
      logIn: () => void signIn().catch(logFailure('Sign-in')),
      signUp: () => void signUp().catch(logFailure('Sign-up')),
      logOut: () => void signOut(),
    }),
    [],
  );
}
