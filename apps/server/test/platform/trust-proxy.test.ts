import type { FastifyPluginAsync } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { PORTAL_CALLBACK_PATH, PORTAL_CLIENT_ID } from '../../src/modules/identity/clients';
import type { AppDeps } from '../../src/modules/module';
import { buildTestApp, type TestApp } from '../support/helper';
import { authorizationRequest, TestBrowser } from '../support/identity-browser';

// The per-IP sign-in, reset and sign-up limits count request.ip: it may come from X-Forwarded-For
// only when an operator says a proxy sets it (TRUST_PROXY), and then only from the entries the
// proxies in front wrote — anything before them the client chose (decision 0141).
const whoAmI: FastifyPluginAsync<AppDeps> = async (app) => {
  app.get('/probe/ip', (request) => ({ ip: request.ip, protocol: request.protocol }));
  return Promise.resolve();
};

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const probe = (app: TestApp['app'], forwardedFor = '203.0.113.5') =>
  app.inject({
    url: '/probe/ip',
    remoteAddress: '192.0.2.7',
    headers: { 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': 'https' },
  });

describe('TRUST_PROXY', () => {
  it('ignores X-Forwarded-* by default', async () => {
    t = await buildTestApp({ plugins: [whoAmI] });
    expect((await probe(t.app)).json()).toEqual({ ip: '192.0.2.7', protocol: 'http' });
  });

  it('reads the client address and protocol from the proxy when set', async () => {
    t = await buildTestApp({ plugins: [whoAmI], env: { TRUST_PROXY: 'true' } });
    expect((await probe(t.app)).json()).toEqual({ ip: '203.0.113.5', protocol: 'https' });
  });

  it('takes the address the proxy saw, not one the client wrote before it', async () => {
    t = await buildTestApp({ plugins: [whoAmI], env: { TRUST_PROXY: 'true' } });
    // The client sent "X-Forwarded-For: 198.51.100.66"; the balancer appended the address it saw.
    const answer = await probe(t.app, '198.51.100.66, 203.0.113.5');
    expect(answer.json()).toEqual({ ip: '203.0.113.5', protocol: 'https' });
  });

  it('with TRUST_PROXY=2 believes the two proxies in front, and no one before them', async () => {
    t = await buildTestApp({ plugins: [whoAmI], env: { TRUST_PROXY: '2' } });
    // A CDN saw 203.0.113.5 and appended it; the balancer appended the CDN's 10.0.0.9.
    const answer = await probe(t.app, '198.51.100.66, 203.0.113.5, 10.0.0.9');
    expect(answer.json()).toEqual({ ip: '203.0.113.5', protocol: 'https' });
  });

  it('counts sign-ups behind the balancer against the client, whatever X-Forwarded-For it adds', async () => {
    t = await buildTestApp({ env: { TRUST_PROXY: 'true', SIGN_UP_LIMIT_PER_IP: '2' } });
    const { publicUrl } = t.config;
    // Every request reaches the copy from the balancer (10.0.0.2), which appends 203.0.113.9.
    const browser = new TestBrowser(t.app, publicUrl, '10.0.0.2');
    const signIn = await browser.follow(
      authorizationRequest(publicUrl, {
        clientId: PORTAL_CLIENT_ID,
        redirectUri: `${publicUrl}${PORTAL_CALLBACK_PATH}`,
      }).url,
    );
    const form = await browser.request(`${signIn.url}/signup`);
    const statuses: number[] = [];
    for (const n of [1, 2, 3, 4]) {
      browser.extraHeaders['x-forwarded-for'] = `198.51.100.${n}, 203.0.113.9`;
      const answer = await browser.submit(form, '/signup', {
        email: `spoofed${n}@example.com`,
        firstName: 'Spoofed',
        lastName: 'Address',
        password: 'long enough password',
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([200, 200, 429, 429]);
  });
});
