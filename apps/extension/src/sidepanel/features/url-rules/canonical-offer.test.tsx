// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../test/expect-no-axe-violations';
import { createFakeChrome } from '../../../test/fake-chrome-api';
import { renderPage } from '../../../test/render-page';
import { CanonicalOffer } from './canonical-offer';

type Answer = { ok: true; value: unknown } | { ok: false; error: string; code: string };
const PAGE_URL = 'https://shop.test/p/123?color=red';
const CANONICAL = 'https://staging.shop.test/products/shoe';

/**
 * Renders the offer on /p/123 of project 3: the worker answers `getCanonicalLink` with
 * `canonicalUrl` and the API calls with `answer`.
 */
function renderOffer(canonicalUrl: string | null, answer: (route: string) => Answer) {
  const fake = createFakeChrome();
  const calls: { route: string; input: unknown }[] = [];
  vi.mocked(fake.api.runtime.sendMessage).mockImplementation((message) => {
    const { type, payload } = message as {
      type: string;
      payload: { route: string; input: unknown };
    };
    if (type === 'getCanonicalLink') return Promise.resolve({ ok: true, value: canonicalUrl });
    if (type !== 'callApi') return Promise.resolve({ ok: true, value: undefined });
    calls.push({ route: payload.route, input: payload.input });
    return Promise.resolve(answer(payload.route));
  });
  const onAccepted = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderPage(
    <QueryClientProvider client={queryClient}>
      <CanonicalOffer
        tabId={5}
        pageUrl={PAGE_URL}
        orgId={2}
        projectId={3}
        pageKey="/p/123"
        onAccepted={onAccepted}
      />
    </QueryClientProvider>,
    fake,
  );
  return { calls, onAccepted };
}

/** The page lookup's answer for the canonical address. */
const lookup = (projectId: number, pageKey: string) => ({
  ok: true as const,
  value: {
    projects: [],
    projectId,
    relativePath: pageKey,
    relativePathId: null,
    pageKey,
    template: null,
    items: [],
    planFeatures: [],
  },
});

describe('CanonicalOffer (issue 31)', () => {
  it('offers the canonical page of the same project and accepts it (axe clean)', async () => {
    const { calls, onAccepted } = renderOffer(CANONICAL, (route) =>
      route === 'getPageItems'
        ? lookup(3, '/products/shoe')
        : { ok: true, value: '/p/123 now shows the items of /products/shoe.' },
    );
    const offer = await screen.findByTestId('canonical-offer');
    expect(offer.textContent).toContain('This page says its address is /products/shoe');
    await expectNoAxeViolations('canonical link offer', offer);
    fireEvent.click(screen.getByRole('button', { name: 'Treat this page as /products/shoe' }));
    await waitFor(() => expect(onAccepted).toHaveBeenCalledOnce());
    expect(calls).toEqual([
      {
        route: 'getPageItems',
        input: { query: { pageUrl: CANONICAL, orgId: '2', projectId: '3' } },
      },
      {
        route: 'acceptCanonicalLink',
        input: { body: { projectId: 3, pageUrl: PAGE_URL, canonicalUrl: CANONICAL } },
      },
    ]);
  });

  it('shows the server refusal under the button', async () => {
    renderOffer(CANONICAL, (route) =>
      route === 'getPageItems'
        ? lookup(3, '/products/shoe')
        : { ok: false, error: '/p/123 has items of its own.', code: 'CONFLICT' },
    );
    fireEvent.click(
      await screen.findByRole('button', { name: 'Treat this page as /products/shoe' }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('/p/123 has items of its own.');
  });

  it.each([
    ['another project', lookup(4, '/products/shoe')],
    ['this very page', lookup(3, '/p/123')],
    [
      'no project',
      {
        ok: true as const,
        value: { ...lookup(3, '/x').value, projectId: null, relativePath: null },
      },
    ],
  ])('is not offered when the link names %s', async (_, answer) => {
    const { calls } = renderOffer(CANONICAL, () => answer);
    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('canonical-offer')).toBeNull();
  });

  it('asks nothing of the server when the page declares no canonical link', async () => {
    const { calls } = renderOffer(null, () => lookup(3, '/products/shoe'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);
    expect(screen.queryByTestId('canonical-offer')).toBeNull();
  });
});
