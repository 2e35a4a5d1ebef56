import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_CALLBACK_PATH } from '../../src/modules/identity/clients';
import { buildTestApp, type TestApp } from '../support/helper';
import { signUpByMail, TestBrowser, type Injector } from '../support/identity-browser';

// Issue 24: the provider built its URLs from the Host header, and its cookies lacked Secure under
// an https PUBLIC_URL. Every request here forges where it came from, and claims the protocol
// PUBLIC_URL does not have.
const forgedHeaders = (isHttps: boolean) => ({
  host: 'evil.example',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': isHttps ? 'http' : 'https',
});

/** An injector that forges Host and X-Forwarded-* and records every Location and Set-Cookie. */
function forgingInjector(app: TestApp['app'], forged: Record<string, string>) {
  const locations: string[] = [];
  const cookies: string[] = [];
  const injector: Injector = {
    async inject(request) {
      const response = await app.inject({ ...request, headers: { ...request.headers, ...forged } });
      if (response.headers.location) locations.push(String(response.headers.location));
      cookies.push(...[response.headers['set-cookie'] ?? []].flat().map(String));
      return response;
    },
  };
  return { injector, locations, cookies };
}

const cases: { name: string; env: Record<string, string>; isHttps: boolean }[] = [
  { name: 'http PUBLIC_URL, no proxy trusted', env: {}, isHttps: false },
  {
    name: 'https PUBLIC_URL behind a trusted proxy',
    env: { PUBLIC_URL: 'https://waymark.example', TRUST_PROXY: 'true' },
    isHttps: true,
  },
];

describe.each(cases)('embedded provider with $name', ({ env, isHttps }) => {
  let t: TestApp;
  let publicUrl: string;
  beforeAll(async () => {
    t = await buildTestApp({ env });
    publicUrl = t.config.publicUrl;
  });
  afterAll(() => t.close());

  it('names only PUBLIC_URL in its discovery document, whatever Host says', async () => {
    const response = await t.app.inject({
      url: '/idp/.well-known/openid-configuration',
      headers: forgedHeaders(isHttps),
    });
    expect(response.statusCode).toBe(200);
    const document = response.json<Record<string, unknown>>();
    const urls = Object.values(document).filter(
      (value): value is string => typeof value === 'string' && /^https?:/.test(value),
    );
    expect(urls.length).toBeGreaterThan(5);
    for (const url of urls) expect(url.startsWith(`${publicUrl}/idp`)).toBe(true);
    expect(document.token_endpoint).toBe(`${publicUrl}/idp/token`);
    expect(document.jwks_uri).toBe(`${publicUrl}/idp/jwks`);
  });

  it(`redirects only to PUBLIC_URL and sets ${isHttps ? 'Secure' : 'plain'} cookies through sign-up and sign-in`, async () => {
    const forged = forgingInjector(t.app, forgedHeaders(isHttps));
    const { callback } = await signUpByMail(new TestBrowser(forged.injector, publicUrl), {
      publicUrl,
      outbox: path.join(t.config.dataDir, 'mail'),
      email: `forged.${isHttps ? 'https' : 'http'}@example.com`,
      password: 'forged host password',
    });
    expect(forged.cookies.length).toBeGreaterThan(2);
    for (const cookie of forged.cookies) expect(/;\s*secure/i.test(cookie)).toBe(isHttps);
    expect(forged.locations.length).toBeGreaterThan(2);
    for (const location of forged.locations) expect(location).not.toContain('evil.example');
    expect(String(callback.headers.location)).toMatch(
      new RegExp(`^${publicUrl}${PORTAL_CALLBACK_PATH}\\?code=`),
    );
    const names = forged.cookies.map((cookie) => cookie.split('=')[0]);
    expect(names).toEqual(expect.arrayContaining(['_interaction', '_session']));
  });
});
