// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import type { TItemTracker, TWorkspaceItem } from '@waymark/core';
import { describe, expect, it } from 'vitest';
import type { CallApi } from '../api/index';
import { makeItemSummary } from '../test/item-summary';
import { createFakeChrome } from '../test/fake-chrome-api';
import { renderPage } from '../test/render-page';
import { ItemDrawer } from './item-drawer';

const ITEM: TWorkspaceItem = {
  ...makeItemSummary({ itemId: 9, title: 'Pay button does nothing', projectId: 3 }),
  author: { userId: 1, fullName: 'Ada Admin' },
  createdAt: '2026-11-01T00:00:00.000Z',
};

const TRACKER: TItemTracker = {
  connections: [{ connectionId: 4, vendor: 'github', target: 'acme/shop' }],
  link: {
    connectionId: 4,
    vendor: 'github',
    status: 'linked',
    issueKey: 'acme/shop#12',
    url: 'https://github.com/acme/shop/issues/12',
    state: 'done',
    stateLabel: 'closed',
    assignee: 'octo-dev',
    syncedAt: '2026-11-26T00:00:00.000Z',
  },
};

describe('the workspace item drawer', () => {
  it("shows the item's tracker issue with its state and assignee (issue 30)", async () => {
    const fake = createFakeChrome();
    const answers: Record<string, unknown> = {
      getItemTracker: TRACKER,
      getAssociatedSites: [],
      getItem: { notes: [] },
    };
    const callApi = ((route: string) => Promise.resolve(answers[route])) as unknown as CallApi;
    renderPage(
      <QueryClientProvider client={new QueryClient()}>
        <ItemDrawer item={ITEM} callApi={callApi} api={fake.api} onClose={() => undefined} />
      </QueryClientProvider>,
      fake,
    );
    const link = await screen.findByRole('link', { name: 'GitHub acme/shop#12' });
    expect(link.getAttribute('href')).toBe('https://github.com/acme/shop/issues/12');
    expect(link.parentElement?.textContent).toBe('Issue: GitHub acme/shop#12 · closed · octo-dev');
  });
});
