import { request as httpRequest, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../support/helper';
import { captureJsonLogs } from '../support/json-logs';

// Issue 34: page addresses are answered in front of Fastify (http/portal-front-door.ts). Every
// answer it gives must be the one Fastify's pipeline gives for the same request (inject() always
// goes through Fastify): the same status, body and headers, byte for byte.

const SPA = '<!doctype html><script>boot()</script><title>portal</title>';
const PRERENDERED = '<!doctype html><title>Product info</title><main>Waymark</main>';

/** Headers Node's server adds itself to every answer on a socket (inject has no socket). */
const SOCKET_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

let portalDist: string;
let t: TestApp;
let baseUrl: string;
const logs = captureJsonLogs();
const logLines = logs.lines;

async function writeWithCopies(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
  await writeFile(`${file}.br`, brotliCompressSync(text));
  await writeFile(`${file}.gz`, gzipSync(text));
}

beforeAll(async () => {
  portalDist = await mkdtemp(path.join(tmpdir(), 'waymark-front-door-'));
  await writeWithCopies(path.join(portalDist, 'index.html'), SPA);
  await writeWithCopies(path.join(portalDist, 'pages', 'home', 'product-info.html'), PRERENDERED);
  await writeFile(
    path.join(portalDist, 'pages', 'index.json'),
    JSON.stringify(['/home/product-info']),
  );
  await mkdir(path.join(portalDist, 'assets'));
  await writeFile(path.join(portalDist, 'assets', 'x-abc123.js'), 'console.log(1)');
  await writeFile(path.join(portalDist, 'favicon.svg'), '<svg/>');
  await writeFile(
    path.join(portalDist, 'portal-routes.json'),
    JSON.stringify(['/', '/app/account', '/home/product-info']),
  );
  await writeFile(
    path.join(portalDist, 'public-pages.json'),
    JSON.stringify(['/home/product-info']),
  );
  t = await buildTestApp({
    env: { PORTAL_DIST: portalDist, LOG_FORMAT: 'json' },
    logger: logs.logger,
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
  await rm(portalDist, { recursive: true, force: true });
});

type Answer = { status: number; headers: Record<string, string>; body: Buffer };
type Call = { method?: 'GET' | 'HEAD' | 'POST'; url: string; headers?: Record<string, string> };

/** The answer on a real socket, as a browser gets it (front door, or Fastify when it declines). */
function overHttp({ method = 'GET', url, headers = {} }: Call): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(`${baseUrl}${url}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const pairs: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          pairs.push([String(res.rawHeaders[i]).toLowerCase(), String(res.rawHeaders[i + 1])]);
        resolve({
          status: res.statusCode ?? 0,
          headers: Object.fromEntries(pairs.filter(([name]) => !SOCKET_HEADERS.has(name))),
          body: Buffer.concat(chunks),
        });
      });
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** Fastify's answer to the same request: inject() never passes the front door. */
async function throughFastify({ method = 'GET', url, headers = {} }: Call): Promise<Answer> {
  const response = await t.app.inject({ method, url, headers });
  return {
    status: response.statusCode,
    headers: Object.fromEntries(
      Object.entries(response.headers)
        .filter(([name]) => !SOCKET_HEADERS.has(name))
        .map(([name, value]) => [name, String(value)]),
    ),
    body: response.rawPayload,
  };
}

// Fastify writes its headers as an object; the front door as one flat array. Each answer's
// writeHead is recorded to tell which of the two answered.
const originalWriteHead = ServerResponse.prototype.writeHead;
let flatWriteHeads = 0;
beforeAll(() => {
  ServerResponse.prototype.writeHead = function recordedWriteHead(
    this: ServerResponse,
    ...args: Parameters<ServerResponse['writeHead']>
  ) {
    if (args.some((arg) => Array.isArray(arg))) flatWriteHeads += 1;
    return originalWriteHead.apply(this, args);
  } as ServerResponse['writeHead'];
});
afterAll(() => {
  ServerResponse.prototype.writeHead = originalWriteHead;
});
beforeEach(() => {
  flatWriteHeads = 0;
});
const answeredByFrontDoor = () => flatWriteHeads > 0;

/** The front door's answer for `call`, checked equal to Fastify's. */
async function frontDoorAnswer(call: Call): Promise<Answer> {
  flatWriteHeads = 0;
  const fast = await overHttp(call);
  expect(answeredByFrontDoor(), `${call.url} answered in front of Fastify`).toBe(true);
  const slow = await throughFastify(call);
  expect(fast.status, call.url).toBe(slow.status);
  expect(fast.headers, call.url).toEqual(slow.headers);
  expect(fast.body.equals(slow.body), `${call.url} body`).toBe(true);
  return fast;
}

describe('the portal front door', () => {
  it('answers every page address with the status, body and headers Fastify gives, byte for byte', async () => {
    const pages = [
      '/client/',
      '/client/home/product-info',
      '/client/Home/Product-Info/',
      '/client/app/account?tab=members&x=%20',
      '/client/no-such-page',
      '/client/home/product-info/x',
    ];
    const encodings = [
      undefined,
      'gzip, deflate, br, zstd',
      'gzip',
      'identity',
      'br;q=0, gzip;q=0',
    ];
    for (const url of pages)
      for (const encoding of encodings) {
        const answer = await frontDoorAnswer({
          url,
          headers: encoding === undefined ? {} : { 'accept-encoding': encoding },
        });
        expect(answer.headers['x-frame-options']).toBe('DENY');
        expect(answer.headers['content-security-policy']).toMatch(/^script-src 'self' /);
      }
  });

  it('sends the pre-rendered page and the SPA in the encoding asked for, varying by it', async () => {
    const brotli = await frontDoorAnswer({
      url: '/client/home/product-info',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(brotli.status).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toBe('accept-encoding');
    expect(brotli.body.equals(brotliCompressSync(PRERENDERED))).toBe(true);
    const gzip = await frontDoorAnswer({ url: '/client/', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body.equals(gzipSync(SPA))).toBe(true);
    const plain = await frontDoorAnswer({ url: '/client/app/account' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(SPA);
    expect(plain.headers['content-length']).toBe(String(Buffer.byteLength(SPA)));
  });

  it('answers 304 while the browser still has the encoding it asks for, never on a 404', async () => {
    const accept = { 'accept-encoding': 'br' };
    const first = await frontDoorAnswer({ url: '/client/home/product-info', headers: accept });
    const etag = first.headers.etag ?? '';
    expect(etag).toMatch(/^"[\w-]{43}-br"$/);
    for (const ifNoneMatch of [etag, `"other", W/${etag}`, '*']) {
      const again = await frontDoorAnswer({
        url: '/client/home/product-info',
        headers: { ...accept, 'if-none-match': ifNoneMatch },
      });
      expect(again.status, ifNoneMatch).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
    }
    // Another encoding is another representation: the whole page.
    const identity = await frontDoorAnswer({
      url: '/client/home/product-info',
      headers: { 'if-none-match': etag },
    });
    expect(identity.status).toBe(200);
    expect(identity.body.toString('utf8')).toBe(PRERENDERED);
    const unknown = await frontDoorAnswer({
      url: '/client/nope',
      headers: { 'if-none-match': '*' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.toString('utf8')).toBe(SPA);
  });

  it('answers HEAD with the GET headers and no body', async () => {
    const head = await frontDoorAnswer({ method: 'HEAD', url: '/client/home/product-info' });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(PRERENDERED)));
  });

  it('leaves files, assets, other methods, encoded or upper-case paths and the API to Fastify', async () => {
    for (const call of [
      { url: '/client/favicon.svg' },
      { url: '/client/assets/x-abc123.js' },
      { url: '/client/assets/missing' },
      { url: '/client/%61pp/account' },
      { url: '/client/../api/ping' },
      { url: '/client//app' },
      { url: '/CLIENT/app/account' },
      { url: '/client' },
      { url: '/api/ping' },
      { method: 'POST', url: '/client/app/account' },
    ] satisfies Call[]) {
      flatWriteHeads = 0;
      const answer = await overHttp(call);
      expect(answeredByFrontDoor(), call.url).toBe(false);
      const fastify = await throughFastify(call);
      expect(answer.status, call.url).toBe(fastify.status);
      expect(answer.headers, call.url).toEqual(fastify.headers);
    }
  });

  it('logs each page request as Fastify logs its requests, with an id from the same sequence', async () => {
    logLines.length = 0;
    await overHttp({ url: '/client/app/account?token=secret' });
    await overHttp({ url: '/api/ping' });
    await vi.waitFor(() =>
      expect(logLines.filter((line) => line.msg === 'request')).toHaveLength(2),
    );
    const [page, ping] = logLines.filter((line) => line.msg === 'request');
    expect(page).toMatchObject({
      level: 30,
      method: 'GET',
      url: '/client/app/account?token=[redacted]',
      statusCode: 200,
    });
    expect(page?.ms).toEqual(expect.any(Number));
    expect(page?.reqId).toMatch(/^req-[0-9a-z]+$/);
    expect(ping).toMatchObject({ method: 'GET', url: '/api/ping', statusCode: 200 });
    expect(Object.keys(page ?? {}).sort()).toEqual(Object.keys(ping ?? {}).sort());
    // One sequence: the page's id and the next request's id are consecutive.
    const idOf = (line: Record<string, unknown> | undefined) =>
      Number.parseInt(String(line?.reqId).slice(4), 36);
    expect(idOf(ping)).toBe(idOf(page) + 1);
  });

  it('sees a rebuilt portal within a second: a new page list, a new page', async () => {
    await writeFile(
      path.join(portalDist, 'portal-routes.json'),
      JSON.stringify(['/', '/app/account', '/home/product-info', '/app/reports']),
    );
    await writeWithCopies(path.join(portalDist, 'index.html'), SPA.replace('boot()', 'boot(2)'));
    const later = new Date(Date.now() + 5_000);
    await utimes(path.join(portalDist, 'index.html'), later, later);
    const rebuilt = await vi.waitFor(
      async () => {
        const answer = await overHttp({ url: '/client/app/reports' });
        expect(answer.status).toBe(200);
        return answer;
      },
      { timeout: 3_000, interval: 100 },
    );
    expect(rebuilt.body.toString('utf8')).toContain('boot(2)');
    await frontDoorAnswer({ url: '/client/app/reports' });
  });

  it('leaves the pages to Fastify while the copy drains, so they say Connection: close', async () => {
    t.app.startDraining();
    flatWriteHeads = 0;
    const answer = await new Promise<string | undefined>((resolve, reject) => {
      httpRequest(`${baseUrl}/client/app/account`, { agent: false }, (res) => {
        res.resume();
        resolve(res.headers.connection);
      })
        .on('error', reject)
        .end();
    });
    expect(answer).toBe('close');
    expect(answeredByFrontDoor()).toBe(false);
  });
});
