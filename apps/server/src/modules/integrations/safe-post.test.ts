import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryRefusedError, safePost } from './safe-post';

// A loopback receiver stands for "a public host": the policy below allows 127.0.0.1 only, so
// every other loopback address plays the operator's private network.
const ONLY_127_0_0_1 = (address: string) => address === '127.0.0.1';

type Hit = { path: string; body: string };
let server: Server;
let base: string;
const hits: Hit[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      hits.push({ path: request.url ?? '', body });
      const port = (server.address() as AddressInfo).port;
      if (request.url === '/to-loopback')
        response.writeHead(307, { location: `http://127.0.0.2:${port}/inside` }).end();
      else if (request.url === '/to-ipv6-loopback')
        response.writeHead(308, { location: `http://[::1]:${port}/inside` }).end();
      else if (request.url === '/big') response.end('y'.repeat(1_000_000));
      else if (request.url === '/silent') return;
      else response.writeHead(201, { 'retry-after': '7' }).end('created');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const post = (url: string, options: Partial<Parameters<typeof safePost>[3]> = {}) =>
  safePost(
    url,
    '{"a":1}',
    { 'content-type': 'application/json' },
    {
      allowPrivateAddresses: false,
      isAllowedAddress: ONLY_127_0_0_1,
      ...options,
    },
  );

describe('safePost', () => {
  it('refuses loopback, link-local and private literals before connecting', async () => {
    for (const url of [
      'http://127.0.0.2/',
      'http://[::1]/',
      'http://169.254.169.254/latest/meta-data',
      'http://10.1.2.3/',
      'http://192.168.0.1/',
    ])
      await expect(safePost(url, '{}', {}, { allowPrivateAddresses: false })).rejects.toThrow(
        DeliveryRefusedError,
      );
  });

  it('refuses a host name when any of its addresses is private, without sending', async () => {
    const before = hits.length;
    const port = new URL(base).port;
    await expect(
      post(`http://hooks.example.test:${port}/x`, {
        resolve: () => Promise.resolve(['127.0.0.2']),
      }),
    ).rejects.toThrow(/resolves to 127\.0\.0\.2/);
    await expect(
      post(`http://hooks.example.test:${port}/x`, {
        resolve: () => Promise.resolve(['127.0.0.1', '10.0.0.7']),
      }),
    ).rejects.toThrow(/10\.0\.0\.7/);
    // The default policy: a name resolving to loopback is refused too.
    await expect(
      safePost(
        `http://hooks.example.test:${port}/x`,
        '{}',
        {},
        {
          allowPrivateAddresses: false,
          resolve: () => Promise.resolve(['127.0.0.1']),
        },
      ),
    ).rejects.toThrow(DeliveryRefusedError);
    expect(hits.length).toBe(before);
  });

  it('connects to the checked address, not to what DNS says later (pinned)', async () => {
    const port = new URL(base).port;
    let lookups = 0;
    const answer = await post(`http://rebinding.invalid:${port}/pinned`, {
      resolve: () => {
        lookups += 1;
        return Promise.resolve(['127.0.0.1']);
      },
    });
    // `.invalid` never resolves: the request reached the receiver through the pinned address.
    expect(answer).toMatchObject({ status: 201, body: 'created', retryAfterSeconds: 7 });
    expect(lookups).toBe(1);
    expect(hits.at(-1)).toEqual({ path: '/pinned', body: '{"a":1}' });
  });

  it('refuses a redirect to a loopback address, IPv4 or IPv6', async () => {
    const before = hits.length;
    await expect(post(`${base}/to-loopback`)).rejects.toThrow(/127\.0\.0\.2/);
    await expect(post(`${base}/to-ipv6-loopback`)).rejects.toThrow(/::1/);
    expect(hits.slice(before).map((hit) => hit.path)).toEqual([
      '/to-loopback',
      '/to-ipv6-loopback',
    ]);
  });

  it('reads at most maxBodyBytes of the answer', async () => {
    const answer = await post(`${base}/big`, { maxBodyBytes: 1000 });
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBeLessThanOrEqual(1000);
  });

  it('gives up on a receiver that does not answer in time', async () => {
    const started = Date.now();
    await expect(post(`${base}/silent`, { timeoutMs: 300 })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
