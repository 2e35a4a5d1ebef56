import { AppError, createFreshReads } from '@waymark/core';
import { describe, expect, it, vi } from 'vitest';
import type { AuthSession } from '../auth/auth-session';
import { createFakeChrome } from '../test/fake-chrome-api';
import { createApiProxy } from './api-proxy';

const SERVER = 'https://waymark.example.com';
const PAGE_SENDER = { url: 'chrome-extension://test-extension-id/sidepanel.html' };

function setUp(answer: () => Response) {
  const fake = createFakeChrome();
  const auth = {
    getAccessToken: vi.fn(() => Promise.resolve('access-1')),
    dropTokens: vi.fn(() => Promise.resolve()),
  } as unknown as AuthSession;
  const fetch = vi.fn((_url: RequestInfo | URL, _init?: RequestInit) => Promise.resolve(answer()));
  const proxy = createApiProxy({
    api: fake.api,
    auth,
    fetch,
    getServerUrl: () => Promise.resolve(SERVER),
    freshReads: createFreshReads(),
  });
  return { proxy, fetch, auth };
}

describe('API proxy', () => {
  it('calls the route with the access token the page never sees', async () => {
    const orgs = [
      { orgId: 1, orgName: 'Acme', orgAccessLevelDescription: 'Owner', orgAccessLevelId: 1 },
    ];
    const { proxy, fetch } = setUp(() => Response.json(orgs));
    expect(await proxy({ route: 'getOrgs', input: {} }, PAGE_SENDER)).toEqual(orgs);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(`${SERVER}/api/account/getOrgs`);
    expect((init?.headers as Record<string, string>).authorization).toBe('Bearer access-1');
  });

  it('asks for a fresh answer first, and again on the first call after a write', async () => {
    const { proxy, fetch } = setUp(() => Response.json([]));
    const getOrgs = { route: 'getOrgs', input: {} } as const;
    await proxy(getOrgs, PAGE_SENDER);
    await proxy(getOrgs, PAGE_SENDER);
    await proxy({ route: 'saveOrgName', input: { body: { orgId: 1, orgName: 'A' } } }, PAGE_SENDER);
    await proxy(getOrgs, PAGE_SENDER);
    await proxy(getOrgs, PAGE_SENDER);
    const asked = fetch.mock.calls.map(
      ([, init]) => (init?.headers as Record<string, string>)['cache-control'] ?? null,
    );
    expect(asked).toEqual(['no-cache', null, null, 'no-cache', null]);
  });

  it('refuses content scripts and unknown routes', () => {
    const { proxy, fetch } = setUp(() => Response.json([]));
    expect(() =>
      proxy(
        { route: 'getOrgs', input: {} },
        { url: 'https://shop.example.com/', tab: {} as chrome.tabs.Tab },
      ),
    ).toThrow('Only Waymark pages may call the Waymark API.');
    expect(() =>
      proxy(
        { route: 'getOrgs', input: {} },
        { url: 'chrome-extension://other-extension-id/popup.html' },
      ),
    ).toThrow('Only Waymark pages may call the Waymark API.');
    expect(() => proxy({ route: 'toString' as never, input: {} }, PAGE_SENDER)).toThrow(
      'No API route named toString.',
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it("passes the API's error code on, and forgets the tokens after a 401", async () => {
    const { proxy, auth } = setUp(() =>
      Response.json(
        { statusCode: 401, code: 'UNAUTHORIZED', message: 'Sign in again.' },
        { status: 401 },
      ),
    );
    const failure = await Promise.resolve(
      proxy({ route: 'getOrgs', input: {} }, PAGE_SENDER),
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: 'UNAUTHORIZED', message: 'Sign in again.' });
    expect(auth.dropTokens).toHaveBeenCalled();
  });
});
