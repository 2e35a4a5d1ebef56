import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizePageUrl, normalizePath, normalizeSiteUrl, toRelativePath } from './normalize-url';

describe('normalizePageUrl', () => {
  it.each([
    ['https://Example.COM/checkout', 'example.com', '/checkout'],
    ['https://example.com:443/checkout/', 'example.com', '/checkout'],
    ['http://example.com:80/', 'example.com', '/'],
    ['http://localhost:3000/a//b/', 'localhost:3000', '/a/b'],
    ['https://example.com/checkout?step=2#pay', 'example.com', '/checkout'],
    ['https://example.com/%7euser/a%2fb/%c3%a9', 'example.com', '/~user/a%2Fb/%C3%A9'],
    ['https://example.com/Checkout', 'example.com', '/Checkout'],
    ['https://example.com/a/./b/../c', 'example.com', '/a/c'],
    ['https://example.com/café', 'example.com', '/caf%C3%A9'],
  ])('%s → %s %s', (input, host, path) => {
    expect(normalizePageUrl(input)).toEqual({ host, path });
  });

  it('ignores pages that are not http(s)', () => {
    expect(normalizePageUrl('chrome://extensions')).toBeNull();
    expect(normalizePageUrl('file:///tmp/a.html')).toBeNull();
    expect(normalizePageUrl('not a url')).toBeNull();
  });

  it('treats http and https of the same host as the same page', () => {
    expect(normalizePageUrl('http://example.com/a')).toEqual(
      normalizePageUrl('https://example.com/a'),
    );
  });
});

describe('normalizeSiteUrl', () => {
  it('canonicalises what an administrator types', () => {
    expect(normalizeSiteUrl(' Staging.Example.com ')).toEqual({
      baseUrl: 'https://staging.example.com',
      host: 'staging.example.com',
      basePath: '',
    });
    expect(normalizeSiteUrl('http://localhost:3000/shop/')).toEqual({
      baseUrl: 'http://localhost:3000/shop',
      host: 'localhost:3000',
      basePath: '/shop',
    });
  });

  it('refuses what cannot be a site', () => {
    for (const bad of [
      '',
      '   ',
      'ftp://example.com',
      'https://example.com/?a=1',
      'https://example.com/#x',
      'https://user:pw@example.com',
      'https://',
    ]) {
      expect(normalizeSiteUrl(bad)).toBeNull();
    }
  });
});

describe('toRelativePath', () => {
  const site = { host: 'example.com', basePath: '/shop' };
  it('strips the base path', () => {
    expect(toRelativePath({ host: 'example.com', path: '/shop/cart' }, site)).toBe('/cart');
    expect(toRelativePath({ host: 'example.com', path: '/shop' }, site)).toBe('/');
  });
  it('refuses pages outside the site', () => {
    expect(toRelativePath({ host: 'example.com', path: '/shopping' }, site)).toBeNull();
    expect(toRelativePath({ host: 'other.com', path: '/shop/cart' }, site)).toBeNull();
  });
});

const segment = fc.stringMatching(/^[A-Za-z0-9\-._~%!$&'()*+,;=:@]{0,8}$/);
const path = fc.array(segment, { maxLength: 6 }).map((parts) => `/${parts.join('/')}`);
const host = fc.constantFrom(
  'example.com',
  'Dev.Example.com',
  'localhost:3000',
  'staging.example.com:8443',
  '127.0.0.1:8080',
);
const pageUrl = fc
  .tuple(fc.constantFrom('http', 'https'), host, path, fc.constantFrom('', '?q=1', '#top', '/'))
  .map(([scheme, h, p, tail]) => `${scheme}://${h}${p}${tail}`);

describe('properties', () => {
  it('normalisation is idempotent', () => {
    fc.assert(
      fc.property(pageUrl, (url) => {
        const once = normalizePageUrl(url);
        expect(once).not.toBeNull();
        const again = normalizePageUrl(`https://${once!.host}${once!.path}`);
        expect(again).toEqual(once);
        expect(normalizePath(once!.path)).toBe(once!.path);
      }),
    );
  });
});
