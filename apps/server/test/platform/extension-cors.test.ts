import { EXTENSION_ORIGIN } from '@waymark/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('CORS on /api for the extension', () => {
  it('answers the extension preflight for a bearer-token POST without asking for a token', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/account/getOrgs',
      headers: {
        origin: EXTENSION_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(EXTENSION_ORIGIN);
    expect(String(response.headers['access-control-allow-headers'])).toContain('authorization');
    expect(String(response.headers['access-control-allow-methods'])).toContain('POST');
  });

  it('lets the worker resume a live stream with Last-Event-ID (issue 16)', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/item/liveEvents/1',
      headers: {
        origin: EXTENSION_ORIGIN,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization,last-event-id',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(String(response.headers['access-control-allow-headers'])).toContain('last-event-id');
    // The worker's ask for a fresh answer after a change (decision 0070).
    expect(String(response.headers['access-control-allow-headers'])).toContain('cache-control');
  });

  it('lets the extension read answers, including errors', async () => {
    const ping = await t.app.inject({
      method: 'GET',
      url: '/api/ping',
      headers: { origin: EXTENSION_ORIGIN },
    });
    expect(ping.statusCode).toBe(200);
    expect(ping.headers['access-control-allow-origin']).toBe(EXTENSION_ORIGIN);
    const unauthorized = await t.app.inject({
      method: 'GET',
      url: '/api/account/getOrgs',
      headers: { origin: EXTENSION_ORIGIN },
    });
    expect(unauthorized.statusCode).toBe(401);
    expect(unauthorized.headers['access-control-allow-origin']).toBe(EXTENSION_ORIGIN);
  });

  it.each(['https://evil.example.com', 'chrome-extension://abcdefghijklmnopabcdefghijklmnop'])(
    'gives %s no CORS headers',
    async (origin) => {
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/ping',
        headers: { origin, 'access-control-request-method': 'GET' },
      });
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      const ping = await t.app.inject({ method: 'GET', url: '/api/ping', headers: { origin } });
      expect(ping.headers['access-control-allow-origin']).toBeUndefined();
    },
  );

  it('adds nothing outside /api', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { origin: EXTENSION_ORIGIN },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});
