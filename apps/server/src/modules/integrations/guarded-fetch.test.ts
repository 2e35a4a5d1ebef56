import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TRACKER_UNAVAILABLE } from '@waymark/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedFetch } from './guarded-fetch';
import { DeliveryRefusedError } from './outbound-guard';
import { createJiraAdapter } from './trackers/jira/jira-adapter';

// 127.0.0.1 plays "a public host"; 127.0.0.2 plays the operator's private network, where an
// "inside" service counts every request that reaches it.
const ONLY_127_0_0_1 = (address: string) => address === '127.0.0.1';

type Hit = { path: string; method: string; headers: IncomingHttpHeaders };
const outsideHits: Hit[] = [];
const insideHits: Hit[] = [];
let outside: Server;
let inside: Server;
let outsideBase: string;
let insidePort: number;

const listen = async (server: Server, host: string) => {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return (server.address() as AddressInfo).port;
};

beforeAll(async () => {
  inside = createServer((request, response) => {
    insideHits.push({
      path: request.url ?? '',
      method: request.method ?? '',
      headers: request.headers,
    });
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"secret":"inside"}');
  });
  insidePort = await listen(inside, '127.0.0.2');
  outside = createServer((request, response) => {
    outsideHits.push({
      path: request.url ?? '',
      method: request.method ?? '',
      headers: request.headers,
    });
    const port = (outside.address() as AddressInfo).port;
    const url = request.url ?? '';
    // A Jira site answering every API call with a redirect into the private network.
    if (url.startsWith('/rest/'))
      response.writeHead(302, { location: `http://127.0.0.2:${insidePort}${url}` }).end();
    else if (url === '/to-inside-307')
      response.writeHead(307, { location: `http://127.0.0.2:${insidePort}/inside` }).end();
    else if (url === '/moved') response.writeHead(301, { location: '/here' }).end();
    else if (url === '/other-origin')
      response.writeHead(302, { location: `http://localhost:${port}/here` }).end();
    else if (url === '/loop') response.writeHead(302, { location: '/loop' }).end();
    else if (url === '/to-file') response.writeHead(302, { location: 'file:///etc/passwd' }).end();
    else response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  outsideBase = `http://127.0.0.1:${await listen(outside, '127.0.0.1')}`;
});

afterAll(async () => {
  for (const server of [outside, inside]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const guarded = guardedFetch({
  allowPrivateAddresses: false,
  isAllowedAddress: ONLY_127_0_0_1,
  // `localhost` may resolve to ::1 first; the test's public host is 127.0.0.1 only.
  resolve: (host) => Promise.resolve(host === 'localhost' ? ['127.0.0.1'] : ['127.0.0.2']),
});

describe('guardedFetch', () => {
  it('refuses a redirect into the private network without connecting there, GET or POST', async () => {
    const before = insideHits.length;
    await expect(guarded(`${outsideBase}/rest/api/3/myself`)).rejects.toThrow(/127\.0\.0\.2/);
    await expect(
      guarded(`${outsideBase}/to-inside-307`, { method: 'POST', body: '{}' }),
    ).rejects.toThrow(DeliveryRefusedError);
    expect(insideHits.length).toBe(before);
  });

  it('refuses a private first hop, a host name resolving inside, and a non-http redirect', async () => {
    await expect(guarded(`http://127.0.0.2:${insidePort}/`)).rejects.toThrow(DeliveryRefusedError);
    await expect(guarded(`http://intranet.example:${insidePort}/`)).rejects.toThrow(
      /intranet\.example: it resolves to 127\.0\.0\.2/,
    );
    await expect(guarded(`${outsideBase}/to-file`)).rejects.toThrow(/file:/);
    await expect(guarded(`${outsideBase}/loop`)).rejects.toThrow('Too many redirects');
  });

  it('follows an allowed redirect, and drops the credentials when it leaves the origin', async () => {
    const same = await guarded(`${outsideBase}/moved`, { headers: { authorization: 'Basic a' } });
    expect(await same.json()).toEqual({ ok: true });
    expect(outsideHits.at(-1)).toMatchObject({ path: '/here' });
    expect(outsideHits.at(-1)?.headers.authorization).toBe('Basic a');
    const other = await guarded(`${outsideBase}/other-origin`, {
      headers: { authorization: 'Basic a', cookie: 'c=1' },
    });
    expect(other.status).toBe(200);
    expect(outsideHits.at(-1)?.headers.host).toMatch(/^localhost:/);
    expect(outsideHits.at(-1)?.headers.authorization).toBeUndefined();
    expect(outsideHits.at(-1)?.headers.cookie).toBeUndefined();
  });

  it('does not check the trusted origins the operator configured', async () => {
    const trusting = guardedFetch({
      allowPrivateAddresses: false,
      isAllowedAddress: () => false,
      trustedOrigins: [outsideBase],
    });
    expect((await trusting(`${outsideBase}/here`)).status).toBe(200);
    // …but a redirect out of them is checked like any other hop.
    await expect(trusting(`${outsideBase}/rest/x`)).rejects.toThrow(DeliveryRefusedError);
  });
});

describe('the Jira adapter over the guarded fetch', () => {
  it("does not follow a Jira site's redirect to a private address", async () => {
    const before = insideHits.length;
    const jira = createJiraAdapter({
      token: 'jira-token',
      target: '127.0.0.1/SHOP',
      timeoutMs: 15_000,
      // The site itself passes (a stand-in on loopback); the transport still checks each hop.
      allowPrivateAddresses: true,
      settings: { siteUrl: outsideBase, email: 'admin@example.com' },
      fetch: guarded,
    });
    await expect(jira.verifyAccess()).rejects.toThrow(TRACKER_UNAVAILABLE);
    await expect(jira.getIssue('10001')).rejects.toThrow(TRACKER_UNAVAILABLE);
    expect(outsideHits.at(-1)?.path).toMatch(/^\/rest\/api\/3\//);
    expect(insideHits.length).toBe(before);
  });
});
