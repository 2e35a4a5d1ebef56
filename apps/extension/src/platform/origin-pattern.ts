/**
 * The host-permission pattern of a page's site (`https://shop.example.com/*`), or null for pages
 * that are not http(s). Waymark asks for access per site, at run time, never for `<all_urls>`.
 */
export function toOriginPattern(pageUrl: string | null | undefined): string | null {
  if (!pageUrl) return null;
  let url: URL;
  try {
    url = new URL(pageUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // Match patterns take no port: access to a host covers all its ports.
  return `${url.protocol}//${url.hostname}/*`;
}
