import { createHash } from 'node:crypto';
import type { AnalyticsSources } from './portal-analytics';

// Stripe's Content-Security-Policy guide for Stripe.js and the Payment Element: its script, the
// frames it mounts (card fields, 3-D Secure) and the API it calls.
const STRIPE_SCRIPTS = ['https://js.stripe.com', 'https://*.js.stripe.com'];
const STRIPE_FRAMES = [...STRIPE_SCRIPTS, 'https://hooks.stripe.com'];
const STRIPE_CONNECT = ['https://api.stripe.com'];
const STRIPE_IMAGES = ['https://*.stripe.com'];

/** Options of {@link buildPortalCsp}. */
export type PortalCspOptions = {
  /** `'sha256-…'` sources of the inline scripts of the portal's index.html. */
  scriptHashes: readonly string[];
  /** Origin of the OpenID Connect issuer the portal signs in with (token and discovery calls). */
  issuerOrigin: string;
  /** What a page carrying the analytics tag may load and call; absent on every other page. */
  analytics?: AnalyticsSources;
};

/**
 * The portal's policy (issue 24): scripts only from this server, the inline scripts of its own
 * index.html by hash, and Stripe.js; no plugins, never framed. Mantine sets inline styles, hence
 * `'unsafe-inline'` for styles only. A public page with the analytics tag also allows its
 * sources (issue 25).
 */
export function buildPortalCsp({
  scriptHashes,
  issuerOrigin,
  analytics,
}: PortalCspOptions): string {
  const self = "'self'";
  return [
    `default-src ${self}`,
    ['script-src', self, ...scriptHashes, ...STRIPE_SCRIPTS, ...(analytics?.script ?? [])].join(
      ' ',
    ),
    `style-src ${self} 'unsafe-inline'`,
    ['img-src', self, 'data:', 'blob:', ...STRIPE_IMAGES, ...(analytics?.img ?? [])].join(' '),
    [
      ...new Set([
        'connect-src',
        self,
        issuerOrigin,
        ...STRIPE_CONNECT,
        ...(analytics?.connect ?? []),
      ]),
    ].join(' '),
    // Silent renewal without a refresh token (an external issuer without offline_access) runs
    // the authorization request in a hidden frame that returns to the portal.
    [...new Set(['frame-src', self, issuerOrigin, ...STRIPE_FRAMES])].join(' '),
    "object-src 'none'",
    `base-uri ${self}`,
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The `'sha256-…'` source of each inline `<script>` of an HTML page. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
  );
}
