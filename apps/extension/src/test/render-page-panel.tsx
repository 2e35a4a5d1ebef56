// Renders the side panel's PagePanel for one page with the worker's API answers faked.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { FEATURES, type TItemSummary, type TPageItems } from '@waymark/core';
import { beforeAll, vi } from 'vitest';
import { preloadItemViews } from '../sidepanel/features/items/lazy-views';
import { UndoProvider } from '../sidepanel/features/items/list/undo-provider';
import { PagePanel } from '../sidepanel/app/page/page-panel';
import { OrgWritable } from '../ui/index';
import { createFakeChrome, type FakeChrome } from './fake-chrome-api';
import { renderPage } from './render-page';

// The list's filter popover and row menus load on first use (issue 34), and the panel fetches
// their code once the list has painted: so do these tests, before any click, rather than
// compiling it inside a click's wait on a loaded machine.
beforeAll(() => preloadItemViews(), 30_000);

/** The page the panel shows in these tests. */
export const PAGE_URL = 'https://shop.example.com/checkout';
const TAB = { tabId: 4, windowId: 1, url: PAGE_URL, title: 'Checkout' };

/** The page-items answer for /checkout of project 3 holding `items`, on a plan with everything. */
export function pageOfItems(items: TItemSummary[]): TPageItems {
  return {
    projects: [],
    projectId: 3,
    relativePath: '/checkout',
    relativePathId: 8,
    items,
    planFeatures: [...FEATURES],
  };
}

/** Throw this from an answer to make the worker report a refusal with `code`. */
export function refusal(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

/**
 * Renders the panel with a stand-in worker: `loadPage` and `callApi` answered through
 * `answer(route, input)` (a returned promise is awaited; a thrown error becomes the worker's
 * refusal), and a `reportChange` answered the way the worker does — one page lookup, broadcast
 * to the page as `pageDataChanged`. The undo window is `undoWindowMs` long; `isWritable: false`
 * shows the page of a closed organization.
 */
export function renderPagePanel(
  answer: (route: string, input: unknown) => unknown,
  undoWindowMs?: number,
  options: { isWritable?: boolean } = {},
): FakeChrome {
  const fake = createFakeChrome();
  type PageKey = { pageUrl: string; orgId: number; projectId: number | null };
  let shown: PageKey | null = null;
  const lookUp = async (page: PageKey) => ({
    page: (await answer('getPageItems', { query: page })) as TPageItems,
    updatedAt: 0,
    isOffline: false,
  });
  // eslint-disable-next-line @typescript-eslint/unbound-method -- a vi.fn, not a bound method
  vi.mocked(fake.api.runtime.sendMessage).mockImplementation(async (message) => {
    const { type, payload } = message as {
      type: string;
      payload: { route: string; input: unknown } & PageKey;
    };
    try {
      if (type === 'loadPage') {
        shown = payload;
        return { ok: true, value: await lookUp(payload) };
      }
      if (type === 'reportChange' && shown) {
        const page = shown;
        void lookUp(page).then((snapshot) =>
          fake.deliverMessage({ type: 'pageDataChanged', payload: { page, snapshot } }),
        );
      }
      if (type !== 'callApi') return { ok: true, value: undefined };
      // Location pins (issue 15) are proven in pins/ and e2e; these pages have none.
      if (payload.route === 'getPagePins') return { ok: true, value: [] };
      return { ok: true, value: await answer(payload.route, payload.input) };
    } catch (error) {
      const { message: text, code } = error as { message: string; code?: string };
      return { ok: false, error: text, code };
    }
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderPage(
    <QueryClientProvider client={queryClient}>
      <UndoProvider windowMs={undoWindowMs}>
        <OrgWritable isWritable={options.isWritable ?? true}>
          <PagePanel tab={TAB} pageUrl={PAGE_URL} orgId={1} isAdmin={false} />
        </OrgWritable>
      </UndoProvider>
    </QueryClientProvider>,
    fake,
  );
  return fake;
}
