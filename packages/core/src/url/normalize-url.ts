// URL normalisation shared by server and extension. Choices (docs/url-mapping.md explains why):
// - only http and https pages belong to a site; the scheme is not part of a page's identity;
// - host is lower-cased, a default port (80/443) is dropped, other ports are kept;
// - the path keeps its case (servers treat /Checkout and /checkout as different pages);
// - fragment and query are dropped: an item belongs to a page, not to one state of it;
// - repeated slashes collapse, a trailing slash is dropped (except for the root "/");
// - percent-escapes of unreserved characters are decoded, other escapes are upper-cased.

/** A page URL reduced to what identifies the page. */
export type NormalizedPage = {
  /** Lower-case host, with `:port` only when the port is not the scheme's default. */
  host: string;
  /** Normalised path, always starting with "/". */
  path: string;
};

/** A project's associated site: a host, optionally under a path prefix. */
export type NormalizedSite = {
  /** Canonical base URL to store and show, e.g. `https://staging.example.com/shop`. */
  baseUrl: string;
  /** Lower-case host with non-default port. */
  host: string;
  /** Path prefix without trailing slash; "" for a whole host. */
  basePath: string;
};

const UNRESERVED = /[A-Za-z0-9\-._~]/;

function normalizeEscapes(segment: string): string {
  return segment.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : `%${hex.toUpperCase()}`;
  });
}

/** Normalises a URL path: collapses slashes, drops a trailing slash, canonicalises escapes. */
export function normalizePath(path: string): string {
  const segments = path.split('/').filter((segment) => segment !== '');
  return `/${segments.map(normalizeEscapes).join('/')}`;
}

function parseHttpUrl(input: string): URL | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname) return null;
  return url;
}

/** Normalises a page URL; null when it is not an http(s) URL (e.g. chrome://, file://). */
export function normalizePageUrl(input: string): NormalizedPage | null {
  const url = parseHttpUrl(input);
  if (!url) return null;
  return { host: url.host.toLowerCase(), path: normalizePath(url.pathname) };
}

/**
 * Normalises an associated site's base URL as an administrator typed it. A missing scheme means
 * https. Null when it is not a usable http(s) address; query and fragment are refused.
 */
export function normalizeSiteUrl(input: string): NormalizedSite | null {
  const trimmed = input.trim();
  if (!trimmed) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  const url = parseHttpUrl(withScheme);
  if (!url || url.search || url.hash || url.username || url.password) return null;
  const basePath = normalizePath(url.pathname);
  const prefix = basePath === '/' ? '' : basePath;
  const host = url.host.toLowerCase();
  return { baseUrl: `${url.protocol}//${host}${prefix}`, host, basePath: prefix };
}

/**
 * The page's path relative to a site's base path, or null when the page is outside the site.
 * The result always starts with "/"; the site's own root is "/".
 */
export function toRelativePath(
  page: NormalizedPage,
  site: Pick<NormalizedSite, 'host' | 'basePath'>,
): string | null {
  if (page.host !== site.host) return null;
  if (!site.basePath) return page.path;
  if (page.path === site.basePath) return '/';
  if (!page.path.startsWith(`${site.basePath}/`)) return null;
  return page.path.slice(site.basePath.length);
}
