import { createApiClient, routes, type TAuthConfig } from '@waymark/core';
import { config } from '../../config';

let pending: Promise<TAuthConfig> | undefined;

/**
 * The issuer, client id and scopes to sign in with, from GET /api/auth-config, so switching to
 * another issuer needs no portal change (issue 3, item 2). Read once per page load.
 */
export function loadAuthConfig(): Promise<TAuthConfig> {
  // A public call made before any UserManager exists, so it goes without the token hooks of the
  // portal's API client (which need this very configuration).
  pending ??= createApiClient({ baseUrl: config.apiBaseUrl })
    .call(routes.getAuthConfig)
    .catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
  return pending;
}
