import { readFileSync, statSync } from 'node:fs';

/**
 * Whether a path under `/client` is one of the pages a list file of the portal's build names:
 * `portal-routes.json` (the route table's addresses; a portal unit test keeps the two equal) or
 * `public-pages.json`. Re-read when the file changes. Without the file (an older build) every
 * path counts as a page unless `isAllWithoutFile` is false; `extra` pages always count.
 */
export function portalPagesOf(
  file: string,
  options: { isAllWithoutFile?: boolean; extra?: readonly string[] } = {},
): (pathname: string) => boolean {
  const { isAllWithoutFile = true, extra = [] } = options;
  let cached: { mtimeMs: number; pages: Set<string> | null } | undefined;
  const pages = () => {
    const { mtimeMs } = statSync(file, { throwIfNoEntry: false }) ?? { mtimeMs: -1 };
    if (cached?.mtimeMs !== mtimeMs) {
      const list = mtimeMs < 0 ? null : (JSON.parse(readFileSync(file, 'utf8')) as string[]);
      cached = { mtimeMs, pages: list && new Set(list.map((page) => page.toLowerCase())) };
    }
    return cached.pages;
  };
  return (pathname) => {
    const known = pages();
    // React Router matches case-insensitively and ignores a trailing slash.
    const page = pathname.toLowerCase().replace(/(.)\/+$/, '$1');
    return known === null
      ? isAllWithoutFile || extra.includes(page)
      : known.has(page) || extra.includes(page);
  };
}
