import { normalizePageUrl, normalizeSiteUrl, toRelativePath } from './normalize-url';

/** One associated site of one project, as stored. */
export type SiteRecord = { projectId: number; baseUrl: string };

/** A project the page belongs to, with the page's path within that project. */
export type PageMatch = { projectId: number; relativePath: string; baseUrl: string };

/**
 * Finds every project a page URL belongs to. A domain may belong to several projects; within one
 * project the site with the longest matching base path wins, so `example.com/shop` beats
 * `example.com` for pages under /shop. The same path on any associated domain of a project
 * therefore maps to the same relative path, which is what makes environments share items.
 */
export function matchPage(pageUrl: string, sites: readonly SiteRecord[]): PageMatch[] {
  const page = normalizePageUrl(pageUrl);
  if (!page) return [];
  const best = new Map<number, PageMatch & { prefixLength: number }>();
  for (const site of sites) {
    const normalized = normalizeSiteUrl(site.baseUrl);
    if (!normalized) continue;
    const relativePath = toRelativePath(page, normalized);
    if (relativePath === null) continue;
    const current = best.get(site.projectId);
    if (!current || normalized.basePath.length > current.prefixLength) {
      best.set(site.projectId, {
        projectId: site.projectId,
        relativePath,
        baseUrl: normalized.baseUrl,
        prefixLength: normalized.basePath.length,
      });
    }
  }
  return [...best.values()]
    .sort((a, b) => a.projectId - b.projectId)
    .map(({ projectId, relativePath, baseUrl }) => ({ projectId, relativePath, baseUrl }));
}
