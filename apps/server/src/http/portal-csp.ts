import { createHash } from 'node:crypto';

// Stripe's Content-Security-Policy guide for Stripe.js and the Payment Element.
const STRIPE_SCRIPTS = ['https://js.stripe.com', 'https://*.js.stripe.com'];

/** Options of {@link buildPortalCsp}. */
export type PortalCspOptions = {
  /** `'sha256-…'` sources of the inline scripts of the portal's index.html. */
  scriptHashes: readonly string[];
  /** Where a page carrying the analytics tag may load its script from; absent on every other page. */
  analyticsScripts?: readonly string[];
};

/**
 * The portal's policy (issue 24): scripts only from this server, the inline scripts of its own
 * index.html by hash, and Stripe.js — a public page with the analytics tag also its script's
 * origin (issue 25); no plugins, no `<base>` hijack, never framed. It governs scripts only: the
 * portal's calls and frames go to origins only the deployment knows (an external issuer's token,
 * authorization and end-session endpoints may each be on another host, as Google's and Cognito's
 * are), and a wrong guess there would break sign-in.
 */
export function buildPortalCsp({ scriptHashes, analyticsScripts = [] }: PortalCspOptions): string {
  const self = "'self'";
  return [
    ['script-src', self, ...scriptHashes, ...STRIPE_SCRIPTS, ...analyticsScripts].join(' '),
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
