import type { AnalyticsConfig } from '../config';

// Google's Content-Security-Policy guide for the Google tag (GA4): where gtag.js loads from.
const GOOGLE_SCRIPTS = ['https://*.googletagmanager.com'];

/**
 * Where the tag's script loads from, for the portal's script-src: Plausible's and Umami's own
 * origin; Google's tag hosts (plus a custom script's origin, e.g. server-side tagging).
 */
export function analyticsScriptSources(analytics: AnalyticsConfig): string[] {
  const origin = new URL(analytics.scriptUrl).origin;
  if (analytics.provider !== 'google') return [origin];
  return origin.endsWith('.googletagmanager.com') ? GOOGLE_SCRIPTS : [...GOOGLE_SCRIPTS, origin];
}

/**
 * The tag as the provider documents it. Config validation keeps the URL https and the site id to
 * the provider's own characters; both are escaped anyway. Google's is an external script plus an
 * inline one, which the CSP allows by its hash like the portal's own.
 */
export function renderAnalyticsTag(analytics: AnalyticsConfig): string {
  const src = escapeAttribute(analytics.scriptUrl);
  const id = escapeAttribute(analytics.siteId);
  switch (analytics.provider) {
    case 'plausible':
      return `<script defer data-domain="${id}" src="${src}"></script>`;
    case 'umami':
      return `<script defer data-website-id="${id}" src="${src}"></script>`;
    case 'google': {
      const url = new URL(analytics.scriptUrl);
      url.searchParams.set('id', analytics.siteId);
      const config = JSON.stringify(analytics.siteId);
      return (
        `<script async src="${escapeAttribute(url.href)}"></script>` +
        `<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag('js',new Date());gtag('config',${config});</script>`
      );
    }
  }
}

/** `html` with the analytics tag at the end of its `<head>`. */
export function addAnalyticsTag(html: string, analytics: AnalyticsConfig): string {
  // A function, so `$&` and the like in the configured URL are not replacement patterns.
  return html.replace('</head>', () => `${renderAnalyticsTag(analytics)}</head>`);
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
