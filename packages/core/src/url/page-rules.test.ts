import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchPage } from './match-page';
import { normalizePageUrl } from './normalize-url';
import { compilePageRules, urlParts, type PageRules } from './page-rules';

const orderRules: PageRules = {
  hashRoutes: false,
  keptParams: ['tab', 'view'],
  templates: [
    { id: 1, pattern: '/orders/:id', name: 'Order page' },
    { id: 2, pattern: '/orders/new/:step', name: null },
    { id: 3, pattern: '/docs/*', name: 'Docs' },
    { id: 4, pattern: '/:section/:id/edit', name: null },
  ],
};

describe('compilePageRules', () => {
  const rules = compilePageRules(orderRules);

  it('gives pages of a template the template as key and keeps the concrete page', () => {
    expect(rules.identify('/orders/1')).toEqual({
      pagePath: '/orders/1',
      key: '/orders/:id',
      template: orderRules.templates[0],
    });
    expect(rules.identify('/orders/new/address').key).toBe('/orders/new/:step');
    expect(rules.identify('/orders/new/address').template?.id).toBe(2);
    expect(rules.identify('/orders/new').key).toBe('/orders/:id');
    expect(rules.identify('/docs').key).toBe('/docs/*');
    expect(rules.identify('/orders/7/edit').key).toBe('/:section/:id/edit');
    expect(rules.identify('/cart')).toEqual({ pagePath: '/cart', key: '/cart', template: null });
  });

  it('keeps the listed query parameters, sorted, and drops the rest', () => {
    expect(rules.identify('/search', '?view=list&utm_source=x&tab=map&q=shoes').pagePath).toBe(
      '/search?tab=map&view=list',
    );
    expect(rules.identify('/orders/2', '?tab=lines').key).toBe('/orders/:id?tab=lines');
    expect(
      compilePageRules({ ...orderRules, keptParams: [] }).identify('/search', '?tab=map').key,
    ).toBe('/search');
  });

  it('reads #/path?query as the path in hash-route mode only', () => {
    const hashRules = compilePageRules({ ...orderRules, hashRoutes: true });
    expect(hashRules.identify('/', '', '#/settings/users').pagePath).toBe('/settings/users');
    expect(hashRules.identify('/', '?tab=a', '#!/orders/3?tab=b').key).toBe('/orders/:id?tab=b');
    expect(hashRules.identify('/app', '', '#/users').pagePath).toBe('/app/users');
    expect(hashRules.identify('/', '', '#top').pagePath).toBe('/');
    expect(rules.identify('/', '', '#/settings/users').pagePath).toBe('/');
  });

  it('maps a stored concrete page to its key', () => {
    expect(rules.keyOf('/orders/9?tab=map')).toEqual({
      key: '/orders/:id?tab=map',
      template: orderRules.templates[0],
    });
    expect(rules.keyOf('/other')).toEqual({ key: '/other', template: null });
  });

  it('finds the right template among 200 quickly enough to be bucketed', () => {
    const many = compilePageRules({
      hashRoutes: false,
      keptParams: [],
      templates: Array.from({ length: 200 }, (_, i) => ({
        id: i,
        pattern: `/s${i}/:id`,
        name: null,
      })),
    });
    expect(many.identify('/s150/4').key).toBe('/s150/:id');
    expect(many.identify('/s999/4').template).toBeNull();
  });
});

// Properties (issue 31): the identity of a page is stable and belongs to its project alone.
const sites = [
  { projectId: 1, baseUrl: 'https://shop.example.com' },
  { projectId: 1, baseUrl: 'http://localhost:3000' },
  { projectId: 1, baseUrl: 'https://staging.example.com/shop' },
  { projectId: 2, baseUrl: 'https://shop.example.com' },
];
const segment = fc.stringMatching(/^[A-Za-z0-9\-._~]{1,6}$/).filter((s) => s !== '.' && s !== '..');
const relative = fc.array(segment, { maxLength: 4 }).map((parts) => `/${parts.join('/')}`);
const paramName = fc.constantFrom('tab', 'view', 'q', 'utm_source', 'gclid', 'fbclid', 'id');
const query = fc
  .array(fc.tuple(paramName, fc.stringMatching(/^[a-z0-9 ]{0,4}$/)), { maxLength: 4 })
  .map((pairs) => (pairs.length ? `?${new URLSearchParams(pairs).toString()}` : ''));
const fragment = fc.oneof(
  fc.constant(''),
  fc.constant('#top'),
  fc.tuple(relative, query).map(([path, q]) => `#${path}${q}`),
);
const rulesArb = fc.record({
  hashRoutes: fc.boolean(),
  keptParams: fc.subarray(['tab', 'view', 'utm_source', 'q']),
  templates: fc.subarray([
    { id: 1, pattern: '/orders/:id', name: null },
    { id: 2, pattern: '/:a/:b', name: null },
    { id: 3, pattern: '/docs/*', name: null },
    { id: 4, pattern: '/a/:b/c', name: null },
  ]),
});

function identityOn(url: string, projectId: number, rules: PageRules) {
  const match = matchPage(url, sites).find((m) => m.projectId === projectId);
  if (!match) return null;
  const { search, hash } = urlParts(url);
  return compilePageRules(rules).identify(match.relativePath, search, hash);
}

describe('page identity properties', () => {
  it('is idempotent: the page path read again as a URL is the same page', () => {
    fc.assert(
      fc.property(rulesArb, relative, query, fragment, (rules, path, q, hash) => {
        const once = identityOn(`https://shop.example.com${path}${q}${hash}`, 1, rules)!;
        const again = identityOn(`https://shop.example.com${once.pagePath}`, 1, rules)!;
        expect(again).toEqual(once);
        expect(compilePageRules(rules).keyOf(once.pagePath).key).toBe(once.key);
      }),
    );
  });

  it('is the same page on every environment of the project', () => {
    fc.assert(
      fc.property(rulesArb, relative, query, fragment, (rules, path, q, hash) => {
        const tail = `${q}${hash}`;
        const keys = [
          `https://shop.example.com${path}${tail}`,
          `http://localhost:3000${path}${tail}`,
          `https://staging.example.com/shop${path === '/' ? '' : path}${tail}`,
        ].map((url) => identityOn(url, 1, rules));
        expect(new Set(keys.map((identity) => JSON.stringify(identity))).size).toBe(1);
      }),
    );
  });

  it("never applies one project's templates to another project's pages", () => {
    fc.assert(
      fc.property(rulesArb, relative, query, (rules, path, q) => {
        const url = `https://shop.example.com${path}${q}`;
        const other = identityOn(url, 2, { hashRoutes: false, keptParams: [], templates: [] })!;
        expect(other.template).toBeNull();
        expect(other.key).toBe(normalizePageUrl(url)!.path);
        // Project 1's rules give its own answer on the same URL, whatever they are.
        expect(identityOn(url, 1, rules)!.pagePath.split('?')[0]).toBe(other.key);
      }),
    );
  });

  it('never keeps a tracking parameter, whatever the kept list says', () => {
    fc.assert(
      fc.property(rulesArb, relative, query, (rules, path, q) => {
        const { pagePath } = identityOn(`https://shop.example.com${path}${q}`, 1, rules)!;
        expect(pagePath).not.toMatch(/[?&](utm_|gclid|fbclid)/);
      }),
    );
  });
});
