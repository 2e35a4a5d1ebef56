import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../support/helper';

// Issue 34: the public pages the portal's build pre-renders (apps/portal/scripts/prerender.mjs)
// are answered each with its own HTML — its encodings, strong ETags and a CSP for exactly its
// inline scripts — while every other address still gets the SPA's index.html.

const SPA = '<!doctype html><head><script>spaBoot()</script><title>portal</title></head>';
const page = (name: string, script = 'island()') =>
  `<!doctype html><head><script>${script}</script><title>${name} | Waymark</title></head><body><h1>${name}</h1></body>`;
const FAQ = page('FAQ');
const GUIDE = page('Guide', 'guide()');
const PUBLIC_URL = 'https://waymark.example';
const STATS = 'https://stats.example.com';

const sha256 = (script: string) =>
  `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
const scriptSrc = (csp: unknown) =>
  String(csp)
    .split('; ')
    .find((directive) => directive.startsWith('script-src '))
    ?.split(' ')
    .slice(1);

/** A built portal as scripts/prerender.mjs leaves it: pages, their copies, then the list. */
async function writePortal(dist: string, faq = FAQ) {
  await mkdir(path.join(dist, 'pages', 'home'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), SPA);
  await writeFile(
    path.join(dist, 'portal-routes.json'),
    JSON.stringify(['/', '/home', '/home/faq-page', '/user-guide', '/app/account']),
  );
  await writeFile(
    path.join(dist, 'public-pages.json'),
    JSON.stringify(['/home/faq-page', '/user-guide']),
  );
  for (const [file, html] of [
    ['home/faq-page.html', faq],
    ['user-guide.html', GUIDE],
  ] as const) {
    const full = path.join(dist, 'pages', file);
    await writeFile(full, html);
    await writeFile(`${full}.br`, brotliCompressSync(html));
    await writeFile(`${full}.gz`, gzipSync(html));
  }
  await writeFile(
    path.join(dist, 'pages', 'index.json'),
    JSON.stringify(['/home/faq-page', '/user-guide']),
  );
}

let dist: string;
let t: TestApp;
beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'waymark-prerendered-'));
  await writePortal(dist);
  t = await buildTestApp({ env: { PORTAL_DIST: dist, PUBLIC_URL } });
});
afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('pre-rendered public pages (issue 34)', () => {
  it('answers each pre-rendered address with its own page, any case or trailing slash', async () => {
    for (const [url, html] of [
      ['/client/home/faq-page', FAQ],
      ['/client/Home/FAQ-page/', FAQ],
      ['/client/home/faq-page?ref=mail', FAQ],
      ['/client/user-guide', GUIDE],
    ] as const) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(html);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('keeps the SPA for every other page, and 404 with the SPA for an unknown one', async () => {
    const admin = await get('/client/app/account');
    expect(admin.statusCode).toBe(200);
    expect(admin.body).toBe(SPA);
    const unknown = await get('/client/home/no-such-page');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe(SPA);
  });

  it('negotiates the encoding from the copies the build wrote, each with its strong ETag', async () => {
    const identity = await get('/client/home/faq-page', { 'accept-encoding': 'identity' });
    const brotli = await get('/client/home/faq-page', { 'accept-encoding': 'gzip;q=0.5, br' });
    const gzip = await get('/client/home/faq-page', { 'accept-encoding': 'gzip' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(FAQ);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(FAQ);
    for (const response of [identity, brotli, gzip])
      expect(response.headers.vary).toContain('accept-encoding');

    const etag = String(identity.headers.etag);
    const hash = createHash('sha256').update(FAQ).digest('base64url');
    expect(etag).toBe(`"${hash}"`);
    expect(brotli.headers.etag).toBe(`"${hash}-br"`);
    expect(gzip.headers.etag).toBe(`"${hash}-gz"`);
    // Its own ETag: not the SPA's, not another page's.
    const spa = await get('/client/app/account', { 'accept-encoding': 'identity' });
    const guide = await get('/client/user-guide', { 'accept-encoding': 'identity' });
    expect(new Set([etag, spa.headers.etag, guide.headers.etag]).size).toBe(3);
  });

  it('answers 304 to a browser that has the page, per encoding', async () => {
    const brotli = await get('/client/home/faq-page', { 'accept-encoding': 'br' });
    const again = await get('/client/home/faq-page', {
      'accept-encoding': 'br',
      'if-none-match': String(brotli.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // The Brotli ETag does not validate the gzip copy.
    const other = await get('/client/home/faq-page', {
      'accept-encoding': 'gzip',
      'if-none-match': String(brotli.headers.etag),
    });
    expect(other.statusCode).toBe(200);
  });

  it("allows exactly the page's own inline scripts in its CSP", async () => {
    const faq = await get('/client/home/faq-page');
    expect(scriptSrc(faq.headers['content-security-policy'])).toEqual([
      "'self'",
      sha256('island()'),
      'https://js.stripe.com',
      'https://*.js.stripe.com',
    ]);
    const guide = await get('/client/user-guide');
    expect(scriptSrc(guide.headers['content-security-policy'])).toContain(sha256('guide()'));
    expect(scriptSrc(guide.headers['content-security-policy'])).not.toContain(sha256('island()'));
    const spa = await get('/client/app/account');
    expect(scriptSrc(spa.headers['content-security-policy'])).toContain(sha256('spaBoot()'));
    expect(scriptSrc(spa.headers['content-security-policy'])).not.toContain(sha256('island()'));
  });

  it('picks up a rebuilt page while the server runs', async () => {
    const rebuilt = page('FAQ again', 'islandAgain()');
    await writePortal(dist, rebuilt);
    const later = new Date(Date.now() + 5_000);
    await utimes(path.join(dist, 'pages', 'index.json'), later, later);
    // Looked at again within a second.
    const response = await vi.waitFor(
      async () => {
        const answer = await get('/client/home/faq-page');
        expect(answer.body).toBe(rebuilt);
        return answer;
      },
      { timeout: 3_000, interval: 100 },
    );
    expect(scriptSrc(response.headers['content-security-policy'])).toContain(
      sha256('islandAgain()'),
    );
    await writePortal(dist);
    const latest = new Date(Date.now() + 10_000);
    await utimes(path.join(dist, 'pages', 'index.json'), latest, latest);
    await vi.waitFor(async () => expect((await get('/client/home/faq-page')).body).toBe(FAQ), {
      timeout: 3_000,
      interval: 100,
    });
  });
});

describe('pre-rendered pages with the analytics tag (spec §7)', () => {
  let tracked: TestApp;
  let trackedDist: string;
  beforeAll(async () => {
    trackedDist = await mkdtemp(path.join(tmpdir(), 'waymark-prerendered-'));
    await writePortal(trackedDist);
    tracked = await buildTestApp({
      env: {
        PORTAL_DIST: trackedDist,
        PUBLIC_URL,
        ANALYTICS_PROVIDER: 'plausible',
        ANALYTICS_SCRIPT_URL: `${STATS}/js/script.js`,
        ANALYTICS_SITE_ID: 'waymark.example.com',
      },
    });
  });
  afterAll(async () => {
    await tracked?.close();
    await rm(trackedDist, { recursive: true, force: true });
  });

  it('carries the tag on the pre-rendered page, its origin in that page’s CSP only', async () => {
    const answer = (url: string, encoding: string) =>
      tracked.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
    const faq = await answer('/client/home/faq-page', 'identity');
    expect(faq.body).toContain(`src="${STATS}/js/script.js"`);
    expect(faq.body).toContain('<h1>FAQ</h1>');
    expect(scriptSrc(faq.headers['content-security-policy'])).toEqual(
      expect.arrayContaining([sha256('island()'), STATS]),
    );
    const brotli = await answer('/client/home/faq-page', 'br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(faq.body);
    expect(brotli.headers.etag).not.toBe(faq.headers.etag);
    const admin = await answer('/client/app/account', 'identity');
    expect(admin.body).not.toContain(STATS);
    expect(scriptSrc(admin.headers['content-security-policy'])).not.toContain(STATS);
  });
});
