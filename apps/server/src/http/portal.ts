import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AnalyticsConfig } from '../config';
import { handleNotFound } from './error-handler';
import type { FrontDoor } from './front-door';
import { isPageAddress, pathnameOf, PORTAL_PREFIX } from './portal-address';
import { portalFrontDoor } from './portal-front-door';
import { portalShellOf, sendPortalShell } from './portal-shell';
import type { RequestLogWriter } from './request-log';

/** Options of {@link registerPortal}. */
export type PortalOptions = {
  /** Absolute folder of the built portal (`PORTAL_DIST`). */
  portalDist: string;
  /** The server's public base URL without trailing slash (`PUBLIC_URL`), for the sitemap. */
  publicUrl: string;
  /** The analytics tag of the public pages (`ANALYTICS_*`); undefined: none. */
  analytics: AnalyticsConfig | undefined;
  /**
   * Where the page addresses are answered before Fastify (issue 34), with the request log's ids
   * and writer; undefined: through Fastify only (the same answers, slower).
   */
  frontDoor?: {
    door: Pick<FrontDoor, 'use'>;
    nextRequestId: () => string;
    log: RequestLogWriter | undefined;
  };
};

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NOT_BUILT = 'The portal is not built: run `npm run build`, then reload this page.\n';

/**
 * Serves the built portal at `/client/`: hashed files under `/client/assets/` cached for a year,
 * everything else revalidated; any other GET under `/client/` is answered with `index.html` so
 * the portal's router handles deep links. `/` redirects to `/client/`. Text files go out as the
 * Brotli or gzip copies the portal's build writes beside them (scripts/precompress.mjs) when the
 * browser accepts them. `/robots.txt` and `/sitemap.xml` answer at the site root, where crawlers
 * look for them. With `analytics`, the public pages' index.html carries its tag and their CSP
 * allows it (issue 25); every other page goes out as built.
 */
export async function registerPortal(app: FastifyInstance, options: PortalOptions) {
  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect('/client/'));
  registerCrawlerFiles(app, options);
  const shellOf = portalShellOf(options.portalDist, options);
  if (options.frontDoor) installFrontDoor(app, shellOf, options.frontDoor);
  await app.register(
    async (portal) => {
      portal.addHook('onRequest', (request, reply, done) => {
        const shell = shellOf();
        if (!shell) {
          void reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT);
          return;
        }
        // A page address is answered from memory here, before the static handler looks for a
        // file of that name (issue 34). An address the portal has no page for still gets the
        // portal (it shows "Page not found"), but with a 404 (issue 25). Public pages carry the
        // analytics tag when one is configured, and only their policy allows it (spec §7). A
        // public page the build pre-rendered is answered with its own HTML, without the SPA.
        const pathname = pathnameOf(request.url);
        const page = shell.documentFor(pathname);
        // On the raw response, replacing the site-wide policy: @fastify/static writes there.
        reply.raw.setHeader('content-security-policy', page.csp);
        if (isReadRequest(request) && isPageAddress(pathname)) {
          void sendPortalShell(request, reply, page, shell.isPage(pathname) ? 200 : 404);
          return;
        }
        done();
      });
      await portal.register(fastifyStatic, {
        root: options.portalDist,
        prefix: '/',
        index: false,
        cacheControl: false,
        preCompressed: true,
        setHeaders: (res, filePath) => {
          const isHashedAsset = path
            .relative(options.portalDist, filePath)
            .startsWith(`assets${path.sep}`);
          res.setHeader('cache-control', isHashedAsset ? IMMUTABLE : 'no-cache');
          // The body depends on accept-encoding (preCompressed); @fastify/static 8 does not say so.
          res.setHeader('vary', 'accept-encoding');
        },
      });
      portal.setNotFoundHandler((request, reply) => {
        // A missing hashed asset is a stale page asking for an old build: answering HTML
        // would fail as a script; a 404 makes the page reload cleanly.
        const shell = shellOf();
        if (!shell || !isReadRequest(request) || pathnameOf(request.url).startsWith('/assets/'))
          return handleNotFound(request, reply);
        return sendPortalShell(request, reply, shell, 404);
      });
    },
    { prefix: PORTAL_PREFIX },
  );
}

/**
 * Puts the portal's front door in front of Fastify, closed (Fastify answers) from the moment the
 * copy drains or closes, so those answers carry `Connection: close` as Fastify's do.
 */
function installFrontDoor(
  app: FastifyInstance,
  shellOf: ReturnType<typeof portalShellOf>,
  { door, nextRequestId, log }: NonNullable<PortalOptions['frontDoor']>,
): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  door.use(
    portalFrontDoor({
      shellOf,
      isOpen: () => !closing && !app.isDraining,
      nextRequestId,
      log,
    }),
  );
}

function isReadRequest(request: FastifyRequest): boolean {
  return request.method === 'GET' || request.method === 'HEAD';
}

/**
 * `/robots.txt`: the portal's `robots.txt` plus the sitemap's absolute URL. `/sitemap.xml`: the
 * public pages the portal lists in `public-pages.json`, as absolute URLs under `publicUrl`.
 */
function registerCrawlerFiles(app: FastifyInstance, { portalDist, publicUrl }: PortalOptions) {
  const sitemapUrl = `${publicUrl}/sitemap.xml`;
  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) => {
    const robots = readPortalFile(portalDist, 'robots.txt');
    if (robots === undefined) return reply.callNotFound();
    return reply
      .header('cache-control', 'no-cache')
      .type('text/plain; charset=utf-8')
      .send(`${robots.trimEnd()}\n\nSitemap: ${sitemapUrl}\n`);
  });
  app.get('/sitemap.xml', { schema: { hide: true } }, (_request, reply) => {
    const pages = readPortalFile(portalDist, 'public-pages.json');
    if (pages === undefined) return reply.callNotFound();
    const urls = (JSON.parse(pages) as string[]).map(
      (page) => `  <url><loc>${escapeXml(`${publicUrl}${PORTAL_PREFIX}${page}`)}</loc></url>`,
    );
    return reply
      .header('cache-control', 'no-cache')
      .type('application/xml; charset=utf-8')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
      );
  });
}

/** A file of the built portal as text; undefined while the portal is not built. */
function readPortalFile(portalDist: string, name: string): string | undefined {
  const file = path.join(portalDist, name);
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char] ?? char,
  );
}
