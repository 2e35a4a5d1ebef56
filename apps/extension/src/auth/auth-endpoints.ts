import { createApiClient, routes } from '@waymark/core';

/** Where and as whom the extension signs in, read from the server and its issuer. */
export type AuthEndpoints = {
  /** The Waymark server these endpoints belong to. */
  serverUrl: string;
  clientId: string;
  scope: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  /** Absent when the issuer does not offer token revocation. */
  revocationEndpoint: string | null;
};

type Discovery = {
  authorization_endpoint?: unknown;
  token_endpoint?: unknown;
  revocation_endpoint?: unknown;
};

/**
 * Reads the issuer and the extension's client id from `GET /api/auth-config`, then the issuer's
 * endpoints from its OpenID discovery document, so switching to an external issuer needs no
 * extension change (ARCHITECTURE.md Identity).
 */
export async function discoverAuthEndpoints(
  serverUrl: string,
  doFetch: typeof fetch,
): Promise<AuthEndpoints> {
  const config = await createApiClient({ baseUrl: serverUrl, fetch: doFetch }).call(
    routes.getAuthConfig,
  );
  const response = await doFetch(`${config.issuer}/.well-known/openid-configuration`);
  if (!response.ok) throw new Error(`The sign-in service answered ${response.status}.`);
  const discovery = (await response.json()) as Discovery;
  if (
    typeof discovery.authorization_endpoint !== 'string' ||
    typeof discovery.token_endpoint !== 'string'
  ) {
    throw new Error('The sign-in service does not describe its endpoints.');
  }
  return {
    serverUrl,
    clientId: config.extensionClientId,
    scope: config.scope,
    authorizationEndpoint: discovery.authorization_endpoint,
    tokenEndpoint: discovery.token_endpoint,
    revocationEndpoint:
      typeof discovery.revocation_endpoint === 'string' ? discovery.revocation_endpoint : null,
  };
}
