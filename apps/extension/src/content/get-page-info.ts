import type { PageInfo } from '../messaging/index';

/** The page's address and title as the page itself sees them. */
export function getPageInfo(page: {
  location: { href: string };
  document: { title: string };
}): PageInfo {
  return { url: page.location.href, title: page.document.title };
}
