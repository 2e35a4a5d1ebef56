import { useMemo } from 'react';

/** What the sign-in buttons of the portal can do. */
export type AuthActions = {
  /** Starts sign-in (spec §2: redirect to the identity provider). */
  logIn: () => void;
  /** Starts sign-up on the provider's own sign-up screen (spec §2, plans-pricing). */
  signUp: () => void;
  /** Clears the organization keys, signs out at the provider and returns to the app home. */
  logOut: () => void;
};

function logFailure(action: string) {
  // spec §8: identity initialization and logout failures are only logged.
  return (error: unknown) => console.error(`${action} failed`, error);
}

// The session module pulls in oidc-client-ts and the typed API client (~50 KB gzip); loading it on
// click keeps it out of every public page's initial JavaScript (issue 5: < 200 KB per page).
const loadSession = () => import('../../lib/auth/session');

/** The single seam for sign-in, sign-up and sign-out used by every button of the portal. */
export function useAuthActions(): AuthActions {
  return useMemo(
    () => ({
      logIn: () =>
        void loadSession()
          .then((session) => session.signIn())
          .catch(logFailure('Sign-in')),
      signUp: () =>
        void loadSession()
          .then((session) => session.signUp())
          .catch(logFailure('Sign-up')),
      logOut: () =>
        void loadSession()
          .then((session) => session.signOut())
          .catch(logFailure('Sign-out')),
    }),
    [],
  );
}
