import type { PageInfo } from '../messaging/index';

/** The part of a page's document read for {@link getPageInfo}. */
export type PageDocument = {
  title: string;
  documentElement: { lang: string };
  querySelector(selectors: string): Element | null;
};

/**
 * The page's address, title, declared language and canonical link as the page itself sees them.
 * The canonical link is the first `<link rel=canonical>` (rel is a token list, any case); its
 * `href` property is already resolved against the document's base URL. Only http(s) counts.
 */
export function getPageInfo(page: {
  location: { href: string };
  document: PageDocument;
}): PageInfo {
  return {
    url: page.location.href,
    title: page.document.title,
    language: page.document.documentElement.lang.trim(),
    canonicalUrl: canonicalOf(page.document),
  };
}

function canonicalOf(document: PageDocument): string | null {
  const link = document.querySelector('link[rel~="canonical" i][href]');
  const href = link && 'href' in link ? String(link.href) : '';
  return /^https?:\/\//i.test(href) ? href : null;
}
