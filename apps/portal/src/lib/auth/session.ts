import type { User, UserManager } from 'oidc-client-ts';
import { paths } from '../../config/paths';
import { clearOrgKeys } from '../org-storage';
import { isServerError, restartLoginAfterServerError } from './restart-login';
import { getUserManager } from './user-manager';

/**
 * spec §2: Log In redirects to the provider's sign-in screen. `returnTo`: the portal page to come
 * back to after the callback (a page outside the admin area that asked for sign-in).
 */
export async function signIn(options: { returnTo?: string } = {}): Promise<void> {
  const manager = await getUserManager();
  await manager.signinRedirect(options.returnTo ? { state: { returnTo: options.returnTo } } : {});
}

/**
 * spec §2: Sign Up redirects to the provider with its sign-up hint, so the sign-up screen opens
 * directly (`screen_hint=signup`, understood by the embedded provider and by Auth0-style issuers).
 * `email` is filled in on the provider's screen (`login_hint`).
 */
export async function signUp(options: { email?: string } = {}): Promise<void> {
  const manager = await getUserManager();
  await manager.signinRedirect({
    extraQueryParams: { screen_hint: 'signup' },
    // issue 12: an invitation link fills in the invited address (spec §5: sign up with it).
    ...(options.email && { login_hint: options.email }),
  });
}

/** spec §3, §2: clears the organization keys and signs out at the provider, which returns home. */
export async function signOut(): Promise<void> {
  clearOrgKeys();
  try {
    const manager = await getUserManager();
    await manager.signoutRedirect();
  } catch (error) {
    // spec §8: logout failures are only logged.
    console.error('Sign-out failed', error);
    window.location.assign(paths.home.productInfo.getHref());
  }
}

/**
 * After the account was deleted (issue 33): clears the organization keys and drops the local
 * user without a round trip to the provider, whose session went with the account.
 */
export async function forgetDeletedUser(): Promise<void> {
  clearOrgKeys();
  const manager = await getUserManager();
  await manager.removeUser();
}

/**
 * The signed-in user with a usable access token, renewing it with the refresh token when it has
 * expired; null when nobody is signed in or renewal fails.
 */
export async function getSignedInUser(): Promise<User | null> {
  const manager = await getUserManager();
  const user = await manager.getUser();
  if (!user) return null;
  if (!user.expired) return user;
  // Calls that start together share one renewal: refresh tokens rotate, so a second use of the
  // same one would be refused (and revoke the grant).
  renewing ??= renew(manager).finally(() => {
    renewing = undefined;
  });
  return renewing;
}

let renewing: Promise<User | null> | undefined;

async function renew(manager: UserManager): Promise<User | null> {
  try {
    return await manager.signinSilent();
  } catch (error) {
    if (isServerError(error)) await restartLoginAfterServerError(manager);
    return null;
  }
}

/** spec §7: the bearer token of every call; null (and a console message) with no active account. */
export async function getAccessToken(): Promise<string | null> {
  const user = await getSignedInUser();
  if (!user) console.info('No active account: the call goes without a token.');
  return user?.access_token ?? null;
}

/**
 * Completes the redirect back from the provider. spec §4 Session: a server_error clears local
 * storage and restarts login (the returned promise then never settles: the page is leaving).
 */
export async function completeSignIn(): Promise<User> {
  const manager = await getUserManager();
  try {
    return await manager.signinCallback().then((user) => {
      if (!user) throw new Error('The sign-in response carried no user.');
      return user;
    });
  } catch (error) {
    if (!isServerError(error)) throw error;
    await restartLoginAfterServerError(manager);
    return new Promise<never>(() => undefined);
  }
}
