/** Where the portal is served. */
export const PORTAL_PREFIX = '/client';

// A path under /client/ made only of plain segments (letters, digits, `-`, `_`, `~`, a dot not
// first), each but the last ending in `/`: no percent-encoding, no `.` or `..` segment, no `//`.
// Written so no input can make it backtrack.
const PLAIN_PORTAL_PATH = /^\/client\/(?:[\w~-][\w.~-]*\/)*(?:[\w~-][\w.~-]*)?$/;
/** Longer URLs are left to Fastify (its router has limits of its own). */
const PLAIN_URL_MAX_CHARS = 1_024;

/** The path under `/client`, lower case, without query: `/home/faq-page`. */
export function pathnameOf(url: string): string {
  return (url.slice(PORTAL_PREFIX.length).split(/[?#]/)[0] || '/').toLowerCase();
}

/** A page's address: not under assets/, and its last segment names no file (`favicon.svg`). */
export function isPageAddress(pathname: string): boolean {
  return !pathname.startsWith('/assets/') && !/\.[a-z0-9]+$/.test(pathname);
}

/**
 * The page path of a request URL the portal's front door may answer without Fastify: a page
 * address under `/client/` written plainly, any query. Undefined for everything else — other
 * paths, `/CLIENT/…`, encoded or dotted segments, files — which Fastify routes and answers as
 * before, so nothing the router would refuse or decode differently is answered here.
 */
export function plainPagePathOf(url: string): string | undefined {
  if (url.length > PLAIN_URL_MAX_CHARS) return undefined;
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (!PLAIN_PORTAL_PATH.test(path)) return undefined;
  const pathname = pathnameOf(path);
  return isPageAddress(pathname) ? pathname : undefined;
}
