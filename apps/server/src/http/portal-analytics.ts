import type { AnalyticsConfig } from '../config';

/** The sources the portal's CSP opens for an analytics tag, per directive. */
export type AnalyticsSources = { script: string[]; connect: string[]; img: string[] };

// Google's Content-Security-Policy guide for the Google tag (GA4): gtag.js, its collection
// endpoints, and the pixel it falls back to.
const GOOGLE_SCRIPTS = ['https://*.googletagmanager.com'];
const GOOGLE_CONNECT = [
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://*.googletagmanager.com',
];
const GOOGLE_IMAGES = ['https://*.google-analytics.com', 'https://*.googletagmanager.com'];

/**
 * What the tag needs: Plausible and Umami load their script from one origin and send events back
 * to it; Google's tag uses its own hosts (plus a custom script's origin, e.g. server-side tagging).
 */
export function analyticsSourcesOf(analytics: AnalyticsConfig): AnalyticsSources {
  const origin = new URL(analytics.scriptUrl).origin;
  if (analytics.provider !== 'google') return { script: [origin], connect: [origin], img: [] };
  const isGoogleHost = origin.endsWith('.googletagmanager.com');
  const own = isGoogleHost ? [] : [origin];
  return {
    script: [...GOOGLE_SCRIPTS, ...own],
    connect: [...GOOGLE_CONNECT, ...own],
    img: GOOGLE_IMAGES,
  };
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
  return html.replace('</head>', `${renderAnalyticsTag(analytics)}</head>`);
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
