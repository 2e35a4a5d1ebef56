import type { ClientMetadata } from 'oidc-provider';

// The identity contract other modules and apps rely on: client ids, redirect paths, scopes and the
// API audience. The portal and the extension use the same values (hand them over, never re-derive).

/** Where the embedded provider is mounted; the issuer is `${PUBLIC_URL}/idp`. */
export const IDP_MOUNT_PATH = '/idp';

/** Public client of the web portal (oidc-client-ts, code + PKCE). */
export const PORTAL_CLIENT_ID = 'waymark-portal';

/** Public client of the browser extension (chrome.identity.launchWebAuthFlow, code + PKCE). */
export const EXTENSION_CLIENT_ID = 'waymark-extension';

/** Portal route that receives the authorization code. */
export const PORTAL_CALLBACK_PATH = '/client/auth/callback';

/** The portal's public home, with its Log In and Sign Up buttons. */
export const PORTAL_HOME_PATH = '/client/home/product-info';

/** Portal route the provider returns to after sign-out (spec §2: logout returns to the app home). */
export const PORTAL_POST_LOGOUT_PATH = PORTAL_HOME_PATH;

/** Scopes both clients request; `offline_access` (with `prompt=consent`) lets refresh tokens outlive the browser session. */
export const IDP_SCOPES = 'openid profile email offline_access';

/** Access-token lifetime in seconds. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

/** Every absolute URL of the identity contract, derived from the server's public URL. */
export type IdentityUrls = {
  /** `iss` of every token; discovery is at `${issuer}/.well-known/openid-configuration`. */
  issuer: string;
  /** `aud` of access tokens: the API as a resource server. */
  audience: string;
  portalRedirectUri: string;
  portalPostLogoutRedirectUri: string;
  /** `https://<extension-id>.chromiumapp.org/`, what launchWebAuthFlow expects. */
  extensionRedirectUri: string;
  /** `chrome-extension://<extension-id>`, the origin the extension calls the token endpoint from. */
  extensionOrigin: string;
  portalOrigin: string;
};

/**
 * Derives the identity URLs from `PUBLIC_URL` and the extension's id.
 *
 * @param publicUrl the server's public base URL without trailing slash.
 * @param extensionId the 32-letter Chrome extension id.
 */
export function identityUrls(publicUrl: string, extensionId: string): IdentityUrls {
  return {
    issuer: `${publicUrl}${IDP_MOUNT_PATH}`,
    audience: `${publicUrl}/api`,
    portalRedirectUri: `${publicUrl}${PORTAL_CALLBACK_PATH}`,
    portalPostLogoutRedirectUri: `${publicUrl}${PORTAL_POST_LOGOUT_PATH}`,
    extensionRedirectUri: `https://${extensionId}.chromiumapp.org/`,
    extensionOrigin: `chrome-extension://${extensionId}`,
    portalOrigin: new URL(publicUrl).origin,
  };
}

/** The two registered clients: public, authorization code + PKCE, refresh tokens. */
export function firstPartyClients(urls: IdentityUrls): ClientMetadata[] {
  const common = {
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    scope: IDP_SCOPES,
  } satisfies Partial<ClientMetadata>;
  return [
    {
      ...common,
      client_id: PORTAL_CLIENT_ID,
      client_name: 'Waymark',
      redirect_uris: [urls.portalRedirectUri],
      post_logout_redirect_uris: [urls.portalPostLogoutRedirectUri],
    },
    {
      ...common,
      client_id: EXTENSION_CLIENT_ID,
      client_name: 'Waymark extension',
      redirect_uris: [urls.extensionRedirectUri],
      post_logout_redirect_uris: [urls.extensionRedirectUri],
    },
  ];
}

/** True for the clients whose consent Waymark gives on the user's behalf (our own apps). */
export function isFirstPartyClient(clientId: string): boolean {
  return clientId === PORTAL_CLIENT_ID || clientId === EXTENSION_CLIENT_ID;
}
