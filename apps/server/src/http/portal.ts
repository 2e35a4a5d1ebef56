import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { handleNotFound } from './error-handler';

/** Options of {@link registerPortal}. */
export type PortalOptions = {
  /** Absolute folder of the built portal (`PORTAL_DIST`). */
  portalDist: string;
};

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NOT_BUILT = 'The portal is not built: run `npm run build`, then reload this page.\n';

/**
 * Serves the built portal at `/client/`: hashed files under `/client/assets/` cached for a year,
 * everything else revalidated; any other GET under `/client/` is answered with `index.html` so
 * the portal's router handles deep links. `/` redirects to `/client/`.
 */
export async function registerPortal(app: FastifyInstance, options: PortalOptions) {
  const indexFile = path.join(options.portalDist, 'index.html');
  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect('/client/'));
  await app.register(
    async (portal) => {
      // Checked per request so a portal built while the server runs is picked up.
      portal.addHook('onRequest', async (_request, reply) => {
        if (!existsSync(indexFile)) {
          await reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT);
        }
      });
      await portal.register(fastifyStatic, {
        root: options.portalDist,
        prefix: '/',
        cacheControl: false,
        setHeaders: (res, filePath) => {
          const isHashedAsset = path
            .relative(options.portalDist, filePath)
            .startsWith(`assets${path.sep}`);
          res.setHeader('cache-control', isHashedAsset ? IMMUTABLE : 'no-cache');
        },
      });
      portal.setNotFoundHandler((request, reply) => {
        // A missing hashed asset is a stale page asking for an old build: answering HTML
        // would fail as a script; a 404 makes the page reload cleanly.
        const isPageRequest =
          (request.method === 'GET' || request.method === 'HEAD') &&
          !request.url.toLowerCase().startsWith('/client/assets/');
        if (!isPageRequest) return handleNotFound(request, reply);
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      });
    },
    { prefix: '/client' },
  );
}
