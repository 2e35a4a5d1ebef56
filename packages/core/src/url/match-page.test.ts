import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchPage } from './match-page';

const sites = [
  { projectId: 1, baseUrl: 'https://shop.example.com' },
  { projectId: 1, baseUrl: 'http://localhost:3000' },
  { projectId: 1, baseUrl: 'https://staging.example.com/shop' },
  { projectId: 2, baseUrl: 'https://shop.example.com' },
  { projectId: 3, baseUrl: 'https://blog.example.com' },
];

describe('matchPage', () => {
  it('finds every project of a shared domain', () => {
    expect(matchPage('https://shop.example.com/checkout/', sites)).toEqual([
      { projectId: 1, relativePath: '/checkout', baseUrl: 'https://shop.example.com' },
      { projectId: 2, relativePath: '/checkout', baseUrl: 'https://shop.example.com' },
    ]);
  });

  it('maps a site under a path prefix to the same relative path', () => {
    expect(matchPage('https://staging.example.com/shop/checkout', sites)).toEqual([
      { projectId: 1, relativePath: '/checkout', baseUrl: 'https://staging.example.com/shop' },
    ]);
  });

  it('prefers the longest base path within one project', () => {
    const nested = [
      { projectId: 9, baseUrl: 'https://a.test' },
      { projectId: 9, baseUrl: 'https://a.test/app' },
    ];
    expect(matchPage('https://a.test/app/x', nested)).toEqual([
      { projectId: 9, relativePath: '/x', baseUrl: 'https://a.test/app' },
    ]);
  });

  it('matches nothing for unknown hosts and non-web pages', () => {
    expect(matchPage('https://unknown.test/checkout', sites)).toEqual([]);
    expect(matchPage('chrome://newtab', sites)).toEqual([]);
  });

  it('maps a path to the same relative path on every associated domain of a project', () => {
    // Dot segments are resolved by the URL parser itself, so they are not page names.
    const segment = fc
      .stringMatching(/^[A-Za-z0-9\-._~]{1,8}$/)
      .filter((s) => s !== '.' && s !== '..');
    fc.assert(
      fc.property(
        fc.array(segment, { maxLength: 5 }),
        fc.constantFrom('', '/', '?a=1', '#b'),
        (parts, tail) => {
          const relative = `/${parts.join('/')}`;
          const paths = [
            `https://shop.example.com${relative}${tail}`,
            `http://localhost:3000${relative}${tail}`,
            `https://staging.example.com/shop${relative === '/' ? '' : relative}${tail}`,
          ].map((url) => matchPage(url, sites).find((m) => m.projectId === 1)?.relativePath);
          expect(new Set(paths).size).toBe(1);
          expect(paths[0]).toBe(relative);
        },
      ),
    );
  });
});
