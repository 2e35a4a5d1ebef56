import type { ChromeApi } from '../platform/index';
import type { SessionInfo } from '../messaging/index';
import { discoverAuthEndpoints } from './auth-endpoints';
import { buildAuthorizeUrl, readAuthorizationCode } from './authorize-url';
import { createPkce, randomToken } from './pkce';
import { TokenError, requestTokens } from './token-request';
import {
  clearTokens,
  hasSignedOut,
  readTokens,
  writeTokens,
  type StoredTokens,
} from './token-store';
import { EXTENSION_REDIRECT_URI } from '@waymark/core';

/** Refresh this long before the access token expires, so no call goes out with a stale one. */
export const REFRESH_MARGIN_MS = 60_000;

/** What the auth session needs; tests pass fakes for all of it. */
export type AuthDeps = {
  api: ChromeApi;
  fetch: typeof fetch;
  /** The current time in ms. */
  now: () => number;
  /** The configured server URL. */
  getServerUrl: () => Promise<string>;
  /** Runs `run` after `ms`; returns a cancel function. */
  setTimer: (run: () => void, ms: number) => () => void;
};

/** The service worker's sign-in state: the only holder of tokens. */
export type AuthSession = {
  /** Who is signed in to the configured server, for the side panel. */
  getSession(): Promise<SessionInfo>;
  /** Runs the authorization-code + PKCE flow in a provider window; `isSignUp` opens sign-up. */
  signIn(options?: { isSignUp?: boolean }): Promise<SessionInfo>;
  /** Revokes the refresh token and forgets every token. */
  signOut(): Promise<void>;
  /** A valid access token, refreshed first when it is about to expire; null when signed out. */
  getAccessToken(): Promise<string | null>;
  /** Forgets the tokens after the API refused them (401). */
  dropTokens(): Promise<void>;
  /** Calls `listener` whenever the user signs in or out; returns unsubscribe. */
  onChange(listener: (session: SessionInfo) => void): () => void;
};

/**
 * Creates the service worker's auth session. Tokens live in `chrome.storage.session`, so a
 * worker restarted after going idle picks them up again; a refresh runs before expiry (a timer
 * while the worker lives, and a check before every call for when it slept). Concurrent callers
 * share one refresh: the provider rotates refresh tokens, so a second refresh with the same
 * token would be refused and sign the user out.
 */
export function createAuthSession(deps: AuthDeps): AuthSession {
  const { api } = deps;
  const listeners = new Set<(session: SessionInfo) => void>();
  let refreshing: Promise<StoredTokens | null> | null = null;
  let cancelTimer: (() => void) | null = null;

  const toSession = (tokens: StoredTokens | null): SessionInfo =>
    tokens ? { signedIn: true, name: tokens.name, email: tokens.email } : { signedIn: false };
  const notify = (tokens: StoredTokens | null) =>
    listeners.forEach((listener) => listener(toSession(tokens)));

  const scheduleRefresh = (tokens: StoredTokens) => {
    cancelTimer?.();
    if (!tokens.refreshToken) return;
    const delay = Math.max(0, tokens.expiresAt - REFRESH_MARGIN_MS - deps.now());
    cancelTimer = deps.setTimer(() => void refresh(tokens).catch(() => undefined), delay);
  };

  const currentTokens = async (): Promise<StoredTokens | null> => {
    const tokens = await readTokens(api);
    if (!tokens) return null;
    return tokens.serverUrl === (await deps.getServerUrl()) ? tokens : null;
  };

  const store = async (tokens: StoredTokens) => {
    await writeTokens(api, tokens);
    scheduleRefresh(tokens);
  };

  const forget = async (isSignOut: boolean) => {
    cancelTimer?.();
    cancelTimer = null;
    await clearTokens(api, isSignOut);
    notify(null);
  };

  const refresh = (tokens: StoredTokens): Promise<StoredTokens | null> => {
    refreshing ??= (async () => {
      if (!tokens.refreshToken) {
        await forget(false);
        return null;
      }
      try {
        const renewed = await requestTokens(
          tokens,
          { grant_type: 'refresh_token', refresh_token: tokens.refreshToken },
          deps,
          tokens,
        );
        await store(renewed);
        return renewed;
      } catch (error) {
        // A refused refresh token means the sign-in is over; a network failure is not.
        if (error instanceof TokenError && !error.code.startsWith('http_5')) {
          await forget(false);
          return null;
        }
        throw error;
      }
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  };

  return {
    getSession: async () => toSession(await currentTokens()),

    async signIn(options = {}) {
      const serverUrl = await deps.getServerUrl();
      const endpoints = await discoverAuthEndpoints(serverUrl, deps.fetch);
      const pkce = await createPkce();
      const state = randomToken(16);
      const redirect = await api.identity.launchWebAuthFlow({
        url: buildAuthorizeUrl(endpoints, {
          state,
          codeChallenge: pkce.challenge,
          isForcedLogin: await hasSignedOut(api),
          isSignUp: options.isSignUp ?? false,
        }),
        interactive: true,
      });
      if (!redirect) throw new Error('Sign-in was canceled.');
      const code = readAuthorizationCode(redirect, state);
      const tokens = await requestTokens(
        endpoints,
        {
          grant_type: 'authorization_code',
          code,
          redirect_uri: EXTENSION_REDIRECT_URI,
          code_verifier: pkce.verifier,
        },
        deps,
      );
      await store(tokens);
      notify(tokens);
      return toSession(tokens);
    },

    async signOut() {
      const tokens = await readTokens(api);
      await forget(true);
      if (!tokens?.revocationEndpoint || !tokens.refreshToken) return;
      // Revoking the refresh token ends the grant on the provider; a failure leaves only a token
      // nobody holds any more, so it does not stop the sign-out.
      await deps
        .fetch(tokens.revocationEndpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            token: tokens.refreshToken,
            token_type_hint: 'refresh_token',
            client_id: tokens.clientId,
          }).toString(),
        })
        .catch(() => undefined);
    },

    async getAccessToken() {
      const tokens = await currentTokens();
      if (!tokens) return null;
      if (tokens.expiresAt - REFRESH_MARGIN_MS > deps.now()) {
        if (!cancelTimer) scheduleRefresh(tokens);
        return tokens.accessToken;
      }
      return (await refresh(tokens))?.accessToken ?? null;
    },

    dropTokens: () => forget(false),

    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
