import { describe, expect, it } from 'vitest';
import {
  compareSpecificity,
  compileTemplate,
  findTie,
  isTemplateError,
  parseTemplate,
  type ParsedTemplate,
} from './url-template';

function parsed(pattern: string): ParsedTemplate {
  const result = parseTemplate(pattern);
  if (isTemplateError(result)) throw new Error(result.message);
  return result;
}

describe('parseTemplate', () => {
  it.each([
    ['/orders/:id', '/orders/:id'],
    [' /orders//:id/ ', '/orders/:id'],
    ['/docs/*', '/docs/*'],
    ['/docs/*path', '/docs/*path'],
    ['/%7euser/:id', '/~user/:id'],
  ])('%s → %s', (input, pattern) => {
    expect(parsed(input).pattern).toBe(pattern);
  });

  it.each([
    ['orders/:id', 'MALFORMED', 'starts with "/"'],
    ['/orders/:', 'MALFORMED', '":" is not a parameter'],
    ['/orders/:1d', 'MALFORMED', 'not a parameter'],
    ['/docs/*/x', 'MALFORMED', 'last part'],
    ['/orders/id:x', 'MALFORMED', 'mixes text'],
    ['/orders/{id}', 'MALFORMED', 'mixes text'],
    ['/a/:id/b/:id', 'MALFORMED', 'used twice'],
    ['/orders/1', 'MALFORMED', 'fixed path'],
    ['/*', 'MATCHES_EVERYTHING', 'every page'],
    ['/*rest', 'MATCHES_EVERYTHING', 'every page'],
  ])('refuses %s', (input, code, message) => {
    const result = parseTemplate(input);
    expect(isTemplateError(result) && result.code).toBe(code);
    expect(isTemplateError(result) && result.message).toContain(message);
  });
});

describe('compileTemplate', () => {
  it('matches whole segments only', () => {
    const test = compileTemplate(parsed('/orders/:id'));
    expect(test('/orders/1')).toBe(true);
    expect(test('/orders/abc')).toBe(true);
    expect(test('/orders')).toBe(false);
    expect(test('/orders/1/items')).toBe(false);
    expect(test('/Orders/1')).toBe(false);
  });

  it('lets the wildcard cover the folder and everything below it', () => {
    const test = compileTemplate(parsed('/docs/*'));
    expect(test('/docs')).toBe(true);
    expect(test('/docs/a/b/c')).toBe(true);
    expect(test('/docsx')).toBe(false);
  });

  it('matches percent-escaped segments as the page path has them', () => {
    expect(compileTemplate(parsed('/products/:slug/reviews'))('/products/caf%C3%A9/reviews')).toBe(
      true,
    );
  });
});

describe('compareSpecificity', () => {
  it('orders fixed text before parameters before the wildcard, left to right', () => {
    const ordered = [
      '/docs/*',
      '/orders/:id',
      '/orders/new/*',
      '/:section/:id',
      '/a/b/:c',
      '/a/:b/c',
    ]
      .map(parsed)
      .sort(compareSpecificity)
      .map((template) => template.pattern);
    expect(ordered).toEqual([
      '/a/b/:c',
      '/a/:b/c',
      '/docs/*',
      '/orders/new/*',
      '/orders/:id',
      '/:section/:id',
    ]);
  });

  it('ties templates of the same shape', () => {
    expect(compareSpecificity(parsed('/orders/:id'), parsed('/orders/:number'))).toBe(0);
  });
});

describe('findTie', () => {
  it('names the saved template matching exactly the same pages', () => {
    expect(
      findTie(parsed('/orders/:number'), [{ pattern: '/docs/*' }, { pattern: '/orders/:id' }]),
    ).toBe('/orders/:id');
    expect(
      findTie(parsed('/orders/new'.replace('new', ':id/x')), [{ pattern: '/orders/:id' }]),
    ).toBeNull();
  });
});
