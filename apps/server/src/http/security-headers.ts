import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { IDP_MOUNT_PATH } from '../modules/identity/clients';
import { IDP_INLINE_SCRIPTS } from '../modules/identity/views/provider-pages';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * The sign-in, sign-up, reset and logout pages: only our own scripts (and the logout page's one
 * inline script, by hash), never framed (clickjacking of sign-in), no base or plugin tricks.
 * No form-action: a sign-in form's redirect chain ends on the client's redirect URI (the
 * extension's chromiumapp.org), which Chrome would check against it.
 */
export const IDP_CSP = [
  "default-src 'self'",
  `script-src 'self' ${IDP_INLINE_SCRIPTS.map(sha256).join(' ')}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

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
export function installSecurityHeaders(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every request, and a promise per hook shows
  // in the page lookup's profile (issue 17).
  app.addHook('onRequest', (request, reply, done) => {
    const path = request.url.toLowerCase();
    const isIdp = path === IDP_MOUNT_PATH || path.startsWith(`${IDP_MOUNT_PATH}/`);
    const raw = reply.raw;
    raw.setHeader('x-content-type-options', 'nosniff');
    raw.setHeader('x-frame-options', 'DENY');
    // /idp URLs carry reset and verification tokens: never send them on as a referrer.
    raw.setHeader('referrer-policy', isIdp ? 'no-referrer' : 'strict-origin-when-cross-origin');
    raw.setHeader('content-security-policy', isIdp ? IDP_CSP : SITE_CSP);
    done();
  });
}
