import { EXTENSION_REDIRECT_URI } from '@waymark/core';
import type { AuthEndpoints } from './auth-endpoints';

/** What an authorization request needs besides the endpoints. */
export type AuthorizeRequest = {
  state: string;
  codeChallenge: string;
  /** After a sign-out the provider may still hold a session: ask for the password again. */
  isForcedLogin: boolean;
  /** Sign Up: open the provider's sign-up screen first (`screen_hint=signup`, as the portal). */
  isSignUp?: boolean;
};

/**
 * The authorization-code + PKCE (S256) request for `launchWebAuthFlow`. `prompt=consent` is
 * answered by the provider without a screen for Waymark's own clients and is what lets
 * `offline_access` yield a refresh token that outlives the provider session.
 */
export function buildAuthorizeUrl(endpoints: AuthEndpoints, request: AuthorizeRequest): string {
  const url = new URL(endpoints.authorizationEndpoint);
  url.search = new URLSearchParams({
    client_id: endpoints.clientId,
    redirect_uri: EXTENSION_REDIRECT_URI,
    response_type: 'code',
    scope: endpoints.scope,
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256',
    state: request.state,
    prompt: request.isForcedLogin ? 'login consent' : 'consent',
    ...(request.isSignUp && { screen_hint: 'signup' }),
  }).toString();
  return url.href;
}

/**
 * The authorization code of the provider's final redirect; throws with the provider's words when
 * it reports an error, and on a `state` mismatch (a redirect this sign-in did not start).
 */
export function readAuthorizationCode(redirectUrl: string, expectedState: string): string {
  const url = new URL(redirectUrl);
  if (!url.href.startsWith(EXTENSION_REDIRECT_URI)) {
    throw new Error('Sign-in returned to an unexpected address.');
  }
  const params = url.searchParams;
  const error = params.get('error');
  if (error) throw new Error(`Sign-in failed: ${params.get('error_description') ?? error}`);
  if (params.get('state') !== expectedState) {
    throw new Error('Sign-in failed: the answer does not belong to this sign-in. Try again.');
  }
  const code = params.get('code');
  if (!code) throw new Error('Sign-in failed: the sign-in service sent no code.');
  return code;
}
