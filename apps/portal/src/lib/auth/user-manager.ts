import { UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { config } from '../../config';
import { paths } from '../../config/paths';
import { loadAuthConfig } from './auth-config';
import { isServerError, restartLoginAfterServerError } from './restart-login';

let pending: Promise<UserManager> | undefined;

/** Absolute URL of a portal route, e.g. the callback the provider redirects to. */
export function portalUrl(path: string): string {
  return `${window.location.origin}${config.basename}${path}`;
}

/**
 * The one oidc-client-ts UserManager of the portal (authorization code + PKCE, spec §2), built
 * from /api/auth-config on first use. Tokens are cached in localStorage (spec §3) and renewed
 * silently with the refresh token before they expire.
 */
export function getUserManager(): Promise<UserManager> {
  pending ??= loadAuthConfig().then(
    (auth) => {
      const manager = new UserManager({
        authority: auth.issuer,
        client_id: auth.portalClientId,
        redirect_uri: portalUrl(paths.auth.callback.getHref()),
        // spec §2: logout returns to the app home.
        post_logout_redirect_uri: portalUrl(paths.home.productInfo.getHref()),
        scope: auth.scope,
        response_type: 'code',
        automaticSilentRenew: true,
        userStore: new WebStorageStateStore({ store: window.localStorage }),
      });
      manager.events.addSilentRenewError((error) => {
        // spec §4 Session: an authentication server_error clears local storage and restarts login.
        if (isServerError(error)) void restartLoginAfterServerError(manager);
      });
      return manager;
    },
    (error: unknown) => {
      pending = undefined;
      throw error;
    },
  );
  return pending;
}
