import { describe, expect, it } from 'vitest';
import type { AuthEndpoints } from './auth-endpoints';
import { buildAuthorizeUrl } from './authorize-url';

const ENDPOINTS: AuthEndpoints = {
  serverUrl: 'http://localhost:8080',
  clientId: 'waymark-extension',
  scope: 'openid email',
  authorizationEndpoint: 'http://localhost:8080/idp/auth',
  tokenEndpoint: 'http://localhost:8080/idp/token',
  revocationEndpoint: null,
};
const REQUEST = { state: 's', codeChallenge: 'c', isForcedLogin: false };

describe('buildAuthorizeUrl', () => {
  it('opens the sign-up screen for Sign Up, as the portal does', () => {
    const url = new URL(buildAuthorizeUrl(ENDPOINTS, { ...REQUEST, isSignUp: true }));
    expect(url.searchParams.get('screen_hint')).toBe('signup');
  });

  it('asks for nothing but sign-in for Log In', () => {
    const url = new URL(buildAuthorizeUrl(ENDPOINTS, REQUEST));
    expect(url.searchParams.has('screen_hint')).toBe(false);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  });
});
