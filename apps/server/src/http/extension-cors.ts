import { EXTENSION_ORIGIN } from '@waymark/core';
import type { FastifyInstance } from 'fastify';

/** Methods and request headers the extension's API client sends. */
const ALLOWED_METHODS = 'GET, POST';
// last-event-id: the live stream's resume point (issue 16), sent by the worker on reconnect;
// cache-control: the worker's ask for a fresh answer after a change (fresh-reads.ts).
const ALLOWED_HEADERS = 'authorization, content-type, accept, last-event-id, cache-control';
/** How long Chrome may cache a preflight answer, in seconds. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * Lets the Waymark extension call `/api` from its `chrome-extension://` origin, and nobody else:
 * the portal is same-origin, so every other origin gets no CORS headers at all. Preflights are
 * answered here, before routing and the bearer-token check (a preflight carries no token).
 * `/idp` has its own per-client CORS rule in the provider (clientBasedCORS).
 */
export function installExtensionCors(app: FastifyInstance): void {
  // A callback hook (no promise per request); answering a preflight ends the request here, so
  // `done` is called only when routing goes on.
  app.addHook('onRequest', (request, reply, done) => {
    if (!isApiPath(request.url) || request.headers.origin !== EXTENSION_ORIGIN) return done();
    void reply.header('access-control-allow-origin', EXTENSION_ORIGIN).header('vary', 'Origin');
    if (request.method !== 'OPTIONS' || !request.headers['access-control-request-method'])
      return done();
    void reply
      .header('access-control-allow-methods', ALLOWED_METHODS)
      .header('access-control-allow-headers', ALLOWED_HEADERS)
      .header('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS))
      .code(204)
      .send();
  });
}

function isApiPath(url: string): boolean {
  const path = url.toLowerCase();
  return path === '/api' || path.startsWith('/api/') || path.startsWith('/api?');
}
