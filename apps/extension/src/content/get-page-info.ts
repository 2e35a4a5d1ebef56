import type { PageInfo } from '../messaging/index';

/** The page's address, title and declared language as the page itself sees them. */
export function getPageInfo(page: {
  location: { href: string };
  document: { title: string; documentElement: { lang: string } };
}): PageInfo {
  return {
    url: page.location.href,
    title: page.document.title,
    language: page.document.documentElement.lang.trim(),
  };
}
