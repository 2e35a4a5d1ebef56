import { EXTENSION_REDIRECT_URI } from '@waymark/core';
import { describe, expect, it, vi } from 'vitest';
import { createFakeChrome } from '../test/fake-chrome-api';
import { createAuthSession, REFRESH_MARGIN_MS } from './auth-session';
import { computeChallenge } from './pkce';
import { SIGNED_OUT_KEY, TOKENS_KEY, type StoredTokens } from './token-store';

const SERVER = 'https://waymark.example.com';
const ISSUER = `${SERVER}/idp`;

/** An unsigned ID token carrying the user's name and e-mail. */
function idToken(claims: Record<string, string>): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${encode({ alg: 'none' })}.${encode(claims)}.`;
}

/** A fake server: auth-config, discovery, token and revocation endpoints; records token calls. */
function createFakeServer() {
  const tokenCalls: URLSearchParams[] = [];
  const revocations: URLSearchParams[] = [];
  let issued = 0;
  let refusesRefresh = false;
  const fetch = vi.fn((input: string, init?: { body?: string }) => {
    const url = input;
    if (url === `${SERVER}/api/auth-config`)
      return Promise.resolve(
        Response.json({
          issuer: ISSUER,
          audience: `${SERVER}/api`,
          portalClientId: 'waymark-portal',
          extensionClientId: 'waymark-extension',
          scope: 'openid profile email offline_access',
          isEmbedded: true,
        }),
      );
    if (url === `${ISSUER}/.well-known/openid-configuration`)
      return Promise.resolve(
        Response.json({
          authorization_endpoint: `${ISSUER}/auth`,
          token_endpoint: `${ISSUER}/token`,
          revocation_endpoint: `${ISSUER}/token/revocation`,
        }),
      );
    if (url === `${ISSUER}/token`) {
      const form = new URLSearchParams(init?.body);
      tokenCalls.push(form);
      if (form.get('grant_type') === 'refresh_token' && refusesRefresh)
        return Promise.resolve(Response.json({ error: 'invalid_grant' }, { status: 400 }));
      issued += 1;
      return Promise.resolve(
        Response.json({
          access_token: `access-${issued}`,
          refresh_token: `refresh-${issued}`,
          expires_in: 900,
          ...(form.get('grant_type') === 'authorization_code' && {
            id_token: idToken({ name: 'Ann Lee', email: 'ann@example.com' }),
          }),
        }),
      );
    }
    if (url === `${ISSUER}/token/revocation`) {
      revocations.push(new URLSearchParams(init?.body));
      return Promise.resolve(new Response(null, { status: 200 }));
    }
    return Promise.reject(new Error(`unexpected ${url}`));
  });
  return {
    fetch,
    tokenCalls,
    revocations,
    refuseRefresh: () => {
      refusesRefresh = true;
    },
  };
}

function setUp() {
  const fake = createFakeChrome();
  const server = createFakeServer();
  let time = 1_000_000;
  const timers: { run: () => void; at: number }[] = [];
  const auth = createAuthSession({
    api: fake.api,
    fetch: server.fetch as unknown as typeof fetch,
    now: () => time,
    getServerUrl: () => Promise.resolve(SERVER),
    setTimer: (run, ms) => {
      const timer = { run, at: time + ms };
      timers.push(timer);
      return () => timers.splice(timers.indexOf(timer), 1);
    },
  });
  vi.mocked(fake.api.identity.launchWebAuthFlow).mockImplementation(({ url }) => {
    const request = new URL(url);
    return Promise.resolve(
      `${EXTENSION_REDIRECT_URI}?code=the-code&state=${request.searchParams.get('state')}`,
    );
  });
  return {
    fake,
    server,
    auth,
    timers,
    advance: (ms: number) => {
      time += ms;
    },
  };
}

const stored = (fake: ReturnType<typeof createFakeChrome>) =>
  fake.sessionStorage.get(TOKENS_KEY) as StoredTokens | undefined;

describe('auth session', () => {
  it('signs in with authorization code + PKCE S256 against the issuer from /api/auth-config', async () => {
    const { fake, server, auth } = setUp();
    expect(await auth.signIn()).toEqual({
      signedIn: true,
      name: 'Ann Lee',
      email: 'ann@example.com',
    });
    const [{ url, interactive }] = vi.mocked(fake.api.identity.launchWebAuthFlow).mock.calls[0]!;
    const request = new URL(url);
    expect(interactive).toBe(true);
    expect(request.origin + request.pathname).toBe(`${ISSUER}/auth`);
    expect(Object.fromEntries(request.searchParams)).toMatchObject({
      client_id: 'waymark-extension',
      redirect_uri: EXTENSION_REDIRECT_URI,
      response_type: 'code',
      code_challenge_method: 'S256',
      scope: 'openid profile email offline_access',
    });
    const exchange = server.tokenCalls[0]!;
    expect(exchange.get('grant_type')).toBe('authorization_code');
    expect(exchange.get('code')).toBe('the-code');
    expect(exchange.get('client_id')).toBe('waymark-extension');
    expect(await computeChallenge(exchange.get('code_verifier')!)).toBe(
      request.searchParams.get('code_challenge'),
    );
    expect(stored(fake)).toMatchObject({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    expect(await auth.getAccessToken()).toBe('access-1');
  });

  it('refuses a redirect whose state it did not send', async () => {
    const { fake, auth } = setUp();
    vi.mocked(fake.api.identity.launchWebAuthFlow).mockResolvedValue(
      `${EXTENSION_REDIRECT_URI}?code=x&state=forged`,
    );
    await expect(auth.signIn()).rejects.toThrow('does not belong to this sign-in');
    expect(stored(fake)).toBeUndefined();
  });

  it('schedules a refresh one minute before expiry and stores the rotated refresh token', async () => {
    const { fake, server, auth, timers, advance } = setUp();
    await auth.signIn();
    expect(timers).toHaveLength(1);
    expect(timers[0]!.at - 1_000_000).toBe(900_000 - REFRESH_MARGIN_MS);
    advance(900_000 - REFRESH_MARGIN_MS);
    timers[0]!.run();
    await vi.waitFor(() => expect(stored(fake)?.accessToken).toBe('access-2'));
    expect(server.tokenCalls[1]!.get('refresh_token')).toBe('refresh-1');
    expect(stored(fake)).toMatchObject({ refreshToken: 'refresh-2', name: 'Ann Lee' });
    expect(timers.at(-1)!.at).toBeGreaterThan(1_000_000 + 900_000);
  });

  it('refreshes before handing out a token about to expire (the worker slept), once for concurrent callers', async () => {
    const { server, auth, advance } = setUp();
    await auth.signIn();
    advance(900_000 - REFRESH_MARGIN_MS + 1);
    const tokens = await Promise.all([auth.getAccessToken(), auth.getAccessToken()]);
    expect(tokens).toEqual(['access-2', 'access-2']);
    expect(
      server.tokenCalls.filter((form) => form.get('grant_type') === 'refresh_token'),
    ).toHaveLength(1);
  });

  it('signs out when the provider refuses the refresh token, and tells listeners', async () => {
    const { server, auth, advance } = setUp();
    await auth.signIn();
    const listener = vi.fn();
    auth.onChange(listener);
    server.refuseRefresh();
    advance(900_000);
    expect(await auth.getAccessToken()).toBeNull();
    expect(await auth.getSession()).toEqual({ signedIn: false });
    expect(listener).toHaveBeenCalledWith({ signedIn: false });
  });

  it('signs out by revoking the refresh token, and asks for the password on the next sign-in', async () => {
    const { fake, server, auth } = setUp();
    await auth.signIn();
    await auth.signOut();
    expect(server.revocations[0]?.get('token')).toBe('refresh-1');
    expect(stored(fake)).toBeUndefined();
    expect(fake.sessionStorage.get(SIGNED_OUT_KEY)).toBe(true);
    expect(await auth.getAccessToken()).toBeNull();
    await auth.signIn();
    const second = new URL(vi.mocked(fake.api.identity.launchWebAuthFlow).mock.calls[1]![0].url);
    expect(second.searchParams.get('prompt')).toBe('login consent');
  });

  it('treats tokens of another server as signed out', async () => {
    const { fake, auth } = setUp();
    await auth.signIn();
    fake.sessionStorage.set(TOKENS_KEY, { ...stored(fake)!, serverUrl: 'https://old.example.com' });
    expect(await auth.getSession()).toEqual({ signedIn: false });
    expect(await auth.getAccessToken()).toBeNull();
  });
});
