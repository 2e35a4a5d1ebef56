import type { FastifyInstance } from 'fastify';

/**
 * Everything else (the API, its docs): never framed, no plugins, no <base> hijack. The portal
 * under /client/ replaces it with its own, stricter policy (http/portal-csp.ts).
 */
export const SITE_CSP = ["object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'"].join(
  '; ',
);

/**
 * Security headers on every response, set on the raw response before routing so they also reach
 * what oidc-provider writes itself under /idp (it bypasses Fastify's onSend).
 */
export function installSecurityHeaders(
  app: FastifyInstance,
  idp: {
    /** Where the embedded identity provider is mounted (`/idp`). */
    mountPath: string;
    /** Its pages' own policy (modules/identity/idp-csp.ts). */
    csp: string;
  },
): void {
  // A callback hook, not an async one: it runs on every request, and a promise per hook shows
  // in the page lookup's profile (issue 17).
  app.addHook('onRequest', (request, reply, done) => {
    const path = request.url.toLowerCase();
    const isIdp = path === idp.mountPath || path.startsWith(`${idp.mountPath}/`);
    const raw = reply.raw;
    raw.setHeader('x-content-type-options', 'nosniff');
    raw.setHeader('x-frame-options', 'DENY');
    // /idp URLs carry reset and verification tokens: never send them on as a referrer.
    raw.setHeader('referrer-policy', isIdp ? 'no-referrer' : 'strict-origin-when-cross-origin');
    raw.setHeader('content-security-policy', isIdp ? idp.csp : SITE_CSP);
    done();
  });
}
