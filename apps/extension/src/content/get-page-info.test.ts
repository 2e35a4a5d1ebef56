// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { getPageInfo } from './get-page-info';

/** A real document at `url` with `head` as its <head> content. */
function pageAt(url: string, head: string) {
  const document = new DOMParser().parseFromString(
    `<!doctype html><html lang=" en "><head><base href="${url}">${head}<title>Shoe</title></head></html>`,
    'text/html',
  );
  return { location: { href: url }, document };
}

describe('getPageInfo', () => {
  it('resolves a relative canonical link against the page', () => {
    const info = getPageInfo(
      pageAt('https://shop.test/p/123?color=red', '<link rel="canonical" href="/products/shoe">'),
    );
    expect(info).toEqual({
      url: 'https://shop.test/p/123?color=red',
      title: 'Shoe',
      language: 'en',
      canonicalUrl: 'https://shop.test/products/shoe',
    });
  });

  it('reads rel as a token list in any case and takes the first link', () => {
    const head =
      '<link rel="stylesheet" href="/a.css"><link rel="Alternate CANONICAL" href="https://shop.test/x"><link rel="canonical" href="/y">';
    expect(getPageInfo(pageAt('https://shop.test/p/1', head)).canonicalUrl).toBe(
      'https://shop.test/x',
    );
  });

  it('ignores a missing link, one without href, and non-http addresses', () => {
    for (const head of [
      '',
      '<link rel="canonical">',
      '<link rel="canonical" href="javascript:alert(1)">',
      '<link rel="canonical" href="data:text/html,x">',
    ])
      expect(getPageInfo(pageAt('https://shop.test/p/1', head)).canonicalUrl).toBeNull();
  });
});
