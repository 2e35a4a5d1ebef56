import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import type { AnalyticsConfig } from '../config';
import { addAnalyticsTag, analyticsSourcesOf, type AnalyticsSources } from './portal-analytics';

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

/** The portal's index.html as served: its policy, and with analytics the tagged page and its policy. */
export type PortalDocuments = {
  /** The policy of every portal page without the tag (the admin area, sign-in callback, 404). */
  csp: string;
  /** The public pages' index.html with the analytics tag, and its policy; only when configured. */
  tracked: { html: string; csp: string } | undefined;
};

/**
 * The documents for the index.html in `file`, recomputed when the file changes (a portal
 * rebuilt while the server runs brings new inline scripts). Each policy is computed from the
 * HTML it goes out with, so the tagged page's own inline script is allowed by its hash there only.
 */
export function portalDocumentsOf(
  file: string,
  options: { issuerOrigin: string; analytics: AnalyticsConfig | undefined },
): () => PortalDocuments {
  const { issuerOrigin, analytics } = options;
  let cached: { mtimeMs: number; documents: PortalDocuments } | undefined;
  return () => {
    const { mtimeMs } = statSync(file, { throwIfNoEntry: false }) ?? { mtimeMs: -1 };
    if (cached?.mtimeMs !== mtimeMs) {
      const html = mtimeMs < 0 ? '' : readFileSync(file, 'utf8');
      const documents: PortalDocuments = {
        csp: buildPortalCsp({ scriptHashes: inlineScriptHashes(html), issuerOrigin }),
        tracked: analytics && trackedDocument(html, analytics, issuerOrigin),
      };
      cached = { mtimeMs, documents };
    }
    return cached.documents;
  };
}

function trackedDocument(html: string, analytics: AnalyticsConfig, issuerOrigin: string) {
  const tagged = addAnalyticsTag(html, analytics);
  const scriptHashes = inlineScriptHashes(tagged);
  const sources = analyticsSourcesOf(analytics);
  return { html: tagged, csp: buildPortalCsp({ scriptHashes, issuerOrigin, analytics: sources }) };
}
