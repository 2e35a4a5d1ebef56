import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/helper';

// Graceful shutdown's drain (docs/deploy.md): the balancer is told to go elsewhere, nothing fails.
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('draining', () => {
  it('is ready and keeps connections before a shutdown begins', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.headers.connection).not.toBe('close');
  });

  it('then answers /readyz 503 draining, still serves, and closes every connection after', async () => {
    t.app.startDraining();
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'draining', database: 'ready' });
    const ping = await t.app.inject({ method: 'GET', url: '/api/ping' });
    expect(ping.statusCode).toBe(200);
    expect(ping.headers.connection).toBe('close');
  });
});
