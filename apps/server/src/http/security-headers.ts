import type { FastifyInstance } from 'fastify';

/**
 * Everything else (the API, its docs): never framed, no plugins, no <base> hijack. The portal
 * under /client/ replaces it with its own, stricter policy (http/portal-csp.ts).
 */
export const SITE_CSP = ["object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'"].join(
  '; ',
);

/**
 * The security headers of every answer outside /idp, as set on the raw response: the portal's
 * pages replace the policy with their own, and its front door (http/portal-front-door.ts) writes
 * these same values without Fastify.
 */
export const SITE_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'content-security-policy': SITE_CSP,
} as const;

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
    raw.setHeader('x-content-type-options', SITE_SECURITY_HEADERS['x-content-type-options']);
    raw.setHeader('x-frame-options', SITE_SECURITY_HEADERS['x-frame-options']);
    // /idp URLs carry reset and verification tokens: never send them on as a referrer.
    raw.setHeader(
      'referrer-policy',
      isIdp ? 'no-referrer' : SITE_SECURITY_HEADERS['referrer-policy'],
    );
    raw.setHeader('content-security-policy', isIdp ? idp.csp : SITE_CSP);
    done();
  });
}
