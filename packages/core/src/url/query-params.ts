// Which query parameters are part of a page's identity (issue 31). Everything is dropped except
// the project's kept names; tracking parameters are dropped even when kept, because they name a
// visitor's way in, never a screen.

const TRACKING_NAMES = new Set([
  'gclid',
  'gclsrc',
  'dclid',
  'gbraid',
  'wbraid',
  'fbclid',
  'msclkid',
  'yclid',
  'twclid',
  'ttclid',
  'li_fat_id',
  'igshid',
  'mc_cid',
  'mc_eid',
  '_ga',
  '_gl',
  '_hsenc',
  '_hsmi',
  'mkt_tok',
  'oly_anon_id',
  'oly_enc_id',
  'vero_id',
  'wickedid',
  'ref_src',
]);

/** True for tracking parameters: `utm_*` and the click identifiers of the large ad networks. */
export function isTrackingParam(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith('utm_') || TRACKING_NAMES.has(lower);
}

/** How many parameter names a project may keep. */
export const KEPT_PARAMS_MAX = 50;

/** Names allowed in a kept list: what people type in a query string, without `=`, `&` or `#`. */
export const KEPT_PARAM_NAME = /^[A-Za-z0-9_.\-[\]]{1,100}$/;

/**
 * The kept part of a query string, sorted by name then value so that order does not matter,
 * serialised the way URLSearchParams writes it; "" when nothing is kept.
 */
export function keptQuery(params: URLSearchParams, kept: ReadonlySet<string>): string {
  if (kept.size === 0) return '';
  const pairs: [string, string][] = [];
  params.forEach((value, name) => {
    if (kept.has(name) && !isTrackingParam(name)) pairs.push([name, value]);
  });
  if (pairs.length === 0) return '';
  pairs.sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1));
  return new URLSearchParams(pairs).toString();
}
