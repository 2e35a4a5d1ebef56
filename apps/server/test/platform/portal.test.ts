import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../support/helper';

const INDEX = '<!doctype html><title>portal</title>';
const ASSET = 'console.log("hashed")';
const PUBLIC_URL = 'https://waymark.example';

let portalDist: string;
let t: TestApp;
beforeAll(async () => {
  portalDist = await mkdtemp(path.join(tmpdir(), 'waymark-portal-'));
  await mkdir(path.join(portalDist, 'assets'));
  await writeFile(path.join(portalDist, 'index.html'), INDEX);
  await writeFile(path.join(portalDist, 'assets', 'x-abc123.js'), ASSET);
  await writeFile(path.join(portalDist, 'favicon.svg'), '<svg/>');
  // What the portal's build writes (scripts/precompress.mjs): compressed copies beside the files.
  for (const [file, text] of [
    ['index.html', INDEX],
    [path.join('assets', 'x-abc123.js'), ASSET],
  ] as const) {
    await writeFile(path.join(portalDist, `${file}.br`), brotliCompressSync(text));
    await writeFile(path.join(portalDist, `${file}.gz`), gzipSync(text));
  }
  await writeFile(
    path.join(portalDist, 'portal-routes.json'),
    JSON.stringify(['/', '/app/account', '/home/faq-page']),
  );
  await writeFile(path.join(portalDist, 'robots.txt'), 'User-agent: *\nDisallow: /client/app\n');
  await writeFile(
    path.join(portalDist, 'public-pages.json'),
    JSON.stringify(['/home/product-info', '/user-guide']),
  );
  t = await buildTestApp({ env: { PORTAL_DIST: portalDist, PUBLIC_URL } });
});
afterAll(async () => {
  await t?.close();
  await rm(portalDist, { recursive: true, force: true });
});

describe('portal hosting', () => {
  it('redirects / to /client/', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/client/');
  });

  it('serves index.html at /client/, revalidated on every visit', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/client/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('caches hashed assets for a year', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/client/assets/x-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(ASSET);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates files outside assets/', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/client/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers deep links with index.html so the portal router takes over', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/client/app/account?tab=1' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers an address the portal has no page for with 404, and the portal to say so', async () => {
    for (const url of ['/client/no-such-page', '/client/app/nope?x=1', '/client/home/faq-page/x']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).toBe(INDEX);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
    }
    // Pages as the router matches them: any case, a trailing slash, a query.
    for (const url of [
      '/client/',
      '/client',
      '/client/App/Account/',
      '/client/home/faq-page?q=1',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
    }
  });

  it('answers the page from memory with a strong ETag per encoding, and 304 when unchanged', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/client/home/faq-page' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]{43}"$/);
    const again = await t.app.inject({
      method: 'GET',
      url: '/client/',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const brotli = await t.app.inject({
      method: 'GET',
      url: '/client/home/faq-page',
      headers: { 'accept-encoding': 'gzip;q=0.5, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.etag).toBe(`${etag.slice(0, -1)}-br"`);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/client/nope',
      headers: { 'if-none-match': etag },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers a missing hashed asset with 404, not HTML', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/client/assets/old-123.js' });
    expect(response.statusCode).toBe(404);
  });

  it('never falls back to the portal for /api paths', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/app/account' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('compression (issue 5: Lighthouse performance)', () => {
  it('sends a hashed asset as Brotli to a browser that accepts it, still cached for a year', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/client/assets/x-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(ASSET);
  });

  it('sends gzip to a client that accepts only gzip', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/client/assets/x-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(ASSET);
  });

  it('sends the file as is without accept-encoding', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/client/assets/x-abc123.js' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(ASSET);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('compresses index.html for deep links too, revalidated and varying by encoding', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/client/home/faq-page',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX);
  });

  it('sends files without a compressed copy as they are', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/client/favicon.svg',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('<svg/>');
  });
});

describe('crawler files at the site root', () => {
  it('serves the portal robots.txt at /robots.txt with the sitemap URL', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toBe(
      `User-agent: *\nDisallow: /client/app\n\nSitemap: ${PUBLIC_URL}/sitemap.xml\n`,
    );
  });

  it('lists every public page with its absolute URL in /sitemap.xml', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    expect(response.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect([...response.body.matchAll(/<loc>(.*?)<\/loc>/g)].map((match) => match[1])).toEqual([
      `${PUBLIC_URL}/client/home/product-info`,
      `${PUBLIC_URL}/client/user-guide`,
    ]);
  });
});

describe('portal not built', () => {
  it('answers 503 saying how to build it', async () => {
    const unbuilt = await buildTestApp({ env: { PORTAL_DIST: path.join(portalDist, 'none') } });
    try {
      const response = await unbuilt.app.inject({ method: 'GET', url: '/client/' });
      expect(response.statusCode).toBe(503);
      expect(response.body).toContain('npm run build');
      const deep = await unbuilt.app.inject({ method: 'GET', url: '/client/app' });
      expect(deep.statusCode).toBe(503);
      const robots = await unbuilt.app.inject({ method: 'GET', url: '/robots.txt' });
      expect(robots.statusCode).toBe(404);
    } finally {
      await unbuilt.close();
    }
  });
});

describe("the portal's Content-Security-Policy (issue 24)", () => {
  const sha256 = (script: string) =>
    `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
  const scriptSrc = (csp: unknown) =>
    String(csp)
      .split('; ')
      .find((directive) => directive.startsWith('script-src '))
      ?.split(' ')
      .slice(1);

  it('allows this server, the inline scripts of its index.html by hash, and Stripe.js only', async () => {
    const page = (script: string) => `<!doctype html><script>${script}</script><title>p</title>`;
    await writeFile(path.join(portalDist, 'index.html'), page('boot()'));
    const soon = new Date(Date.now() + 2_000);
    await utimes(path.join(portalDist, 'index.html'), soon, soon);
    // The page is looked at again within a second.
    await vi.waitFor(
      async () =>
        expect(
          (await t.app.inject({ method: 'GET', url: '/client/' })).headers[
            'content-security-policy'
          ],
        ).toContain(sha256('boot()')),
      { timeout: 3_000, interval: 100 },
    );
    const [home, deepLink, api] = await Promise.all(
      ['/client/', '/client/app/account', '/api/ping'].map((url) =>
        t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } }),
      ),
    );
    for (const response of [home, deepLink]) {
      expect(scriptSrc(response?.headers['content-security-policy'])).toEqual([
        "'self'",
        sha256('boot()'),
        'https://js.stripe.com',
        'https://*.js.stripe.com',
      ]);
      // Scripts only: calls and frames go to whatever hosts the deployment's issuer uses.
      expect(response?.headers['content-security-policy']).not.toMatch(/default-src|connect-src/);
      expect(response?.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
    expect(scriptSrc(api?.headers['content-security-policy'])).toBeUndefined();

    // A portal rebuilt while the server runs brings its new inline script's hash.
    await writeFile(path.join(portalDist, 'index.html'), page('bootAgain()'));
    const later = new Date(Date.now() + 5_000);
    await utimes(path.join(portalDist, 'index.html'), later, later);
    // Looked at again within a second.
    const rebuilt = await vi.waitFor(
      async () => {
        const response = await t.app.inject({ method: 'GET', url: '/client/' });
        expect(scriptSrc(response.headers['content-security-policy'])).toContain(
          sha256('bootAgain()'),
        );
        return response;
      },
      { timeout: 3_000, interval: 100 },
    );
    expect(scriptSrc(rebuilt.headers['content-security-policy'])).not.toContain(sha256('boot()'));
    await writeFile(path.join(portalDist, 'index.html'), INDEX);
    const latest = new Date(Date.now() + 10_000);
    await utimes(path.join(portalDist, 'index.html'), latest, latest);
    await vi.waitFor(
      async () => expect((await t.app.inject({ method: 'GET', url: '/client/' })).body).toBe(INDEX),
      { timeout: 3_000, interval: 100 },
    );
  });
});

// Issue 25 (spec §7): a third-party analytics tag on the public pages only, its origin in their
// CSP only; the admin area, the sign-in callback and unknown pages get neither.
describe('the analytics tag of the public pages', () => {
  const STATS = 'https://stats.example.com';
  const TAG = `<script defer data-domain="waymark.example.com" src="${STATS}/js/script.js"></script>`;
  let dist: string;
  let tracked: TestApp;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'waymark-portal-'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><head><title>p</title></head>');
    await writeFile(
      path.join(dist, 'portal-routes.json'),
      JSON.stringify(['/', '/home', '/home/faq-page', '/app/account']),
    );
    await writeFile(path.join(dist, 'public-pages.json'), JSON.stringify(['/home/faq-page']));
    tracked = await buildTestApp({
      env: {
        PORTAL_DIST: dist,
        PUBLIC_URL,
        ANALYTICS_PROVIDER: 'plausible',
        ANALYTICS_SCRIPT_URL: `${STATS}/js/script.js`,
        ANALYTICS_SITE_ID: 'waymark.example.com',
      },
    });
  });
  afterAll(async () => {
    await tracked?.close();
    await rm(dist, { recursive: true, force: true });
  });
  const get = (app: TestApp, url: string) => app.app.inject({ method: 'GET', url });
  const directive = (csp: unknown, name: string) =>
    String(csp)
      .split('; ')
      .find((entry) => entry.startsWith(`${name} `)) ?? '';

  it('loads the tag on the public pages, with its origin in script-src', async () => {
    for (const url of [
      '/client/',
      '/client/home',
      '/client/home/FAQ-page/',
      '/client/home/faq-page?x=1',
    ]) {
      const page = await get(tracked, url);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).toBe(`<!doctype html><head><title>p</title>${TAG}</head>`);
      const csp = page.headers['content-security-policy'];
      expect(directive(csp, 'script-src')).toMatch(/ https:\/\/stats\.example\.com$/);
    }
  });

  it('never loads it in the admin area, the sign-in callback or an unknown page', async () => {
    for (const url of [
      '/client/app/account',
      '/client/auth/callback?code=x',
      '/client/nope',
      '/client/index.html',
    ]) {
      const page = await get(tracked, url);
      expect(page.body, url).not.toContain(STATS);
      expect(page.headers['content-security-policy'], url).not.toContain(STATS);
    }
    const signIn = await get(tracked, '/idp/auth');
    expect(String(signIn.headers['content-security-policy'])).not.toContain(STATS);
  });

  it('is off without configuration: the public pages carry no tag and no other origin', async () => {
    const page = await get(t, '/client/home/product-info');
    expect(page.body).toBe(INDEX);
    expect(directive(page.headers['content-security-policy'], 'script-src')).not.toMatch(
      /stats|google|umami|plausible/,
    );
  });
});
