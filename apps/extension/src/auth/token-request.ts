import type { AuthEndpoints } from './auth-endpoints';
import type { StoredTokens } from './token-store';

/** An OAuth error answer of the token endpoint (`invalid_grant` means sign in again). */
export class TokenError extends Error {
  constructor(
    /** The OAuth `error` code, e.g. `invalid_grant`. */
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'TokenError';
  }
}

type TokenAnswer = {
  access_token?: unknown;
  refresh_token?: unknown;
  expires_in?: unknown;
  id_token?: unknown;
  error?: unknown;
  error_description?: unknown;
};

type Identity = { name: string; email: string };

/**
 * POSTs a grant to the token endpoint as the extension's public client and turns the answer into
 * {@link StoredTokens}; `previous` supplies what a refresh answer may leave out (the user's name).
 */
export async function requestTokens(
  endpoints: Pick<AuthEndpoints, 'serverUrl' | 'tokenEndpoint' | 'revocationEndpoint' | 'clientId'>,
  grant: Record<string, string>,
  deps: { fetch: typeof fetch; now: () => number },
  previous?: StoredTokens,
): Promise<StoredTokens> {
  const response = await deps.fetch(endpoints.tokenEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ ...grant, client_id: endpoints.clientId }).toString(),
  });
  const answer = (await response.json().catch(() => ({}))) as TokenAnswer;
  if (!response.ok || typeof answer.access_token !== 'string') {
    const code = typeof answer.error === 'string' ? answer.error : `http_${response.status}`;
    const detail = typeof answer.error_description === 'string' ? answer.error_description : code;
    throw new TokenError(code, `Sign-in failed: ${detail}`);
  }
  const identity =
    typeof answer.id_token === 'string' ? readIdentity(answer.id_token) : (previous ?? null);
  const expiresIn = typeof answer.expires_in === 'number' ? answer.expires_in : 300;
  return {
    serverUrl: endpoints.serverUrl,
    tokenEndpoint: endpoints.tokenEndpoint,
    revocationEndpoint: endpoints.revocationEndpoint,
    clientId: endpoints.clientId,
    accessToken: answer.access_token,
    refreshToken:
      typeof answer.refresh_token === 'string'
        ? answer.refresh_token
        : (previous?.refreshToken ?? null),
    expiresAt: deps.now() + expiresIn * 1000,
    name: identity?.name ?? '',
    email: identity?.email ?? '',
  };
}

/**
 * The name and e-mail claims of an ID token. The token came straight from the token endpoint over
 * the channel the extension opened, so its signature needs no check here (OIDC Core 3.1.3.7 #6);
 * the API verifies the access token on every call.
 */
export function readIdentity(idToken: string): Identity {
  const payload = idToken.split('.')[1] ?? '';
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(json, (char) => char.charCodeAt(0));
    const claims = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
    const email = typeof claims.email === 'string' ? claims.email : '';
    const name = typeof claims.name === 'string' && claims.name ? claims.name : email;
    return { name, email };
  } catch {
    return { name: '', email: '' };
  }
}
