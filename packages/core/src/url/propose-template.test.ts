import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileTemplate, isTemplateError, parseTemplate } from './url-template';
import { looksLikeId, proposeTemplate } from './propose-template';

describe('proposeTemplate', () => {
  it.each([
    ['/orders/1', '/orders/:id', '/orders'],
    ['/orders/1?tab=lines', '/orders/:id', '/orders'],
    ['/orders/1/lines/7', '/orders/:id/lines/:lineId', '/orders'],
    [
      '/shop/products/espresso-machine-1234/reviews',
      '/shop/products/:id/reviews',
      '/shop/products',
    ],
    ['/users/3f2b8c1e-9d4a-4b6e-8f0a-1c2d3e4f5a6b', '/users/:id', '/users'],
    ['/commits/9fceb02d0ae598e95dc970b74767f19372d61af8', '/commits/:id', '/commits'],
    ['/a/1/b/2/c/3', '/a/:id/b/:bId/c/:cId', '/a'],
    ['/posts/1/posts/2', '/posts/:id/posts/:postId', '/posts'],
  ])('%s → %s (every %s/… page)', (path, pattern, prefix) => {
    expect(proposeTemplate(path)).toEqual({ pattern, prefix });
  });

  it.each([
    '/',
    '/settings/users',
    '/search?tab=map',
    '/1234',
    '/2024/report',
    '/docs/getting-started',
  ])('%s: nothing looks like an identifier after a fixed part, nothing is proposed', (path) => {
    expect(proposeTemplate(path)).toBeNull();
  });

  it('always proposes a valid template that matches the page it came from', () => {
    const part = fc.oneof(
      fc.constantFrom('orders', 'settings', 'lines', 'a-b', 'docs'),
      fc.nat().map(String),
      fc.uuid(),
    );
    fc.assert(
      fc.property(fc.array(part, { minLength: 1, maxLength: 6 }), (parts) => {
        const path = `/${parts.join('/')}`;
        const proposal = proposeTemplate(path);
        if (!proposal) return;
        const parsed = parseTemplate(proposal.pattern);
        expect(isTemplateError(parsed)).toBe(false);
        if (isTemplateError(parsed)) return;
        expect(compileTemplate(parsed)(path)).toBe(true);
        expect(path.startsWith(`${proposal.prefix}/`)).toBe(true);
      }),
    );
  });
});

describe('looksLikeId', () => {
  it.each(['42', 'ab12cd34ef56', 'post_42', 'aZ09bY18cX27dW36'])('%s is an id', (part) => {
    expect(looksLikeId(part)).toBe(true);
  });
  it.each(['orders', 'getting-started', 'v2-docs', 'README'])('%s is a word', (part) => {
    expect(looksLikeId(part)).toBe(false);
  });
});
