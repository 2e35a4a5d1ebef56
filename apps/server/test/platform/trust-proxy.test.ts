import type { FastifyPluginAsync } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../src/modules/module';
import { buildTestApp, type TestApp } from '../support/helper';

// The per-IP sign-in and reset limits count request.ip: it may come from X-Forwarded-For only
// when an operator says a proxy sets it (TRUST_PROXY), or any client could pick its own address.
const whoAmI: FastifyPluginAsync<AppDeps> = async (app) => {
  app.get('/probe/ip', (request) => ({ ip: request.ip, protocol: request.protocol }));
  return Promise.resolve();
};

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const probe = (app: TestApp['app']) =>
  app.inject({
    url: '/probe/ip',
    remoteAddress: '192.0.2.7',
    headers: { 'x-forwarded-for': '203.0.113.5', 'x-forwarded-proto': 'https' },
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
});
