import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';

/** What the sign-in buttons of the portal can do. */
export type AuthActions = {
  /** Starts sign-in (spec §2: redirect to the identity provider). */
  logIn: () => void;
  /** Starts sign-up with the provider's own sign-up policy (spec §2, plans-pricing). */
  signUp: () => void;
  /** Signs out and returns to the public home page. */
  logOut: () => void;
};

/**
 * The single seam for sign-in, sign-up and sign-out.
 *
 * Until the identity issue wires oidc-client-ts, Log In goes to the admin area, Sign Up to the
 * admin area with `?signup=1` and Logout to the home page; swapping these three bodies for the
 * OIDC redirects changes every button in the portal at once.
 */
export function useAuthActions(): AuthActions {
  const navigate = useNavigate();
  const logIn = useCallback(() => void navigate(paths.app.root.getHref()), [navigate]);
  const signUp = useCallback(
    () => void navigate(`${paths.app.root.getHref()}?signup=1`),
    [navigate],
  );
  const logOut = useCallback(() => void navigate(paths.home.root.getHref()), [navigate]);
  return useMemo(() => ({ logIn, signUp, logOut }), [logIn, signUp, logOut]);
}
