// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import type { TOrganization } from '@waymark/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ORG_ID_KEY } from '../../settings/org-store';
import { SERVER_URL_KEY } from '../../settings/server-url-store';
import { createFakeChrome } from '../../test/fake-chrome-api';
import { makeItemDetail, makeItemSummary } from '../../test/item-summary';
import { ACME_ORG } from '../../test/panel-start';
import { renderPage } from '../../test/render-page';
import { pageOfItems } from '../../test/render-page-panel';
import { SidePanelApp } from './side-panel-app';

// Issue 27's mail links (`#waymark-item=`) to an item of another organization: the panel
// switches to that organization and opens the item, or says plainly it is not in the user's.
const GLOBEX: TOrganization = { ...ACME_ORG, orgId: 2, orgName: 'Globex' };
const LINK_TAB = {
  tabId: 4,
  windowId: 1,
  url: 'https://shop.example.com/checkout#waymark-item=42',
  title: 'Checkout',
};
const DETAIL = makeItemDetail(
  makeItemSummary({ itemId: 42, title: 'Coupon field hidden', projectId: 7 }),
);

type Call = { route: string; input: { params?: { orgId?: number; itemId?: number } } };

// Each test uses its own tab: a tab follows a link once (item-link.ts keeps that per tab).
function setUp(itemIsReachable: boolean, tab = LINK_TAB) {
  const fake = createFakeChrome();
  fake.syncStorage.set(SERVER_URL_KEY, 'https://waymark.example.com');
  fake.syncStorage.set(ORG_ID_KEY, ACME_ORG.orgId);
  const calls: Call[] = [];
  const pageOrgs: number[] = [];
  const answerOf = (message: unknown) => {
    const { type, payload } = message as { type: string; payload: Call & { orgId?: number } };
    const value = (answer: unknown) => ({ ok: true, value: answer });
    if (type === 'getActiveTab') return value(tab);
    if (type === 'getSession')
      return value({ signedIn: true, name: 'Ann Lee', email: 'ann@example.com' });
    if (type === 'loadPage') {
      pageOrgs.push(payload.orgId ?? 0);
      const items = payload.orgId === GLOBEX.orgId ? [makeItemSummary({ ...DETAIL })] : [];
      return value({ page: pageOfItems(items), updatedAt: 0, isOffline: false });
    }
    if (type !== 'callApi') return value(undefined);
    calls.push(payload);
    if (payload.route === 'getOrgs') return value([ACME_ORG, GLOBEX]);
    if (payload.route === 'getItem')
      return itemIsReachable
        ? value(DETAIL)
        : { ok: false, error: 'Item not found.', code: 'NOT_FOUND' };
    if (payload.route === 'getAllProjects')
      return value([{ projectId: payload.input.params?.orgId === GLOBEX.orgId ? 7 : 3 }]);
    return value([]);
  };
  vi.mocked(fake.api.runtime.sendMessage).mockImplementation((message) =>
    Promise.resolve(answerOf(message)),
  );
  return { fake, calls, pageOrgs };
}

afterEach(() => vi.unstubAllGlobals());

describe('a mail link to an item of another organization', { timeout: 30_000 }, () => {
  it('switches to the organization the item is in and opens it there', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(Response.json({ ok: true })));
    const { fake, pageOrgs } = setUp(true);
    renderPage(<SidePanelApp />, fake);
    const detail = await screen.findByRole('article', { name: 'Item' }, { timeout: 10_000 });
    await vi.waitFor(() => expect(detail.textContent).toContain('Coupon field hidden'));
    expect(fake.syncStorage.get(ORG_ID_KEY)).toBe(GLOBEX.orgId);
    // The page was never shown in the wrong organization first.
    expect(pageOrgs.every((orgId) => orgId === GLOBEX.orgId)).toBe(true);
    expect(screen.queryByText(/not in your organizations/)).toBeNull();
  });

  it('says plainly when the item is in an organization the user is not in, and shows the page', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(Response.json({ ok: true })));
    const { fake, calls } = setUp(false, { ...LINK_TAB, tabId: 5 });
    renderPage(<SidePanelApp />, fake);
    const notice = await vi.waitFor(
      () => {
        const found = [...document.querySelectorAll('[role="status"]')].find((element) =>
          element.textContent?.startsWith("This link's item is not in your organizations"),
        );
        if (!found) throw new Error('no notice yet');
        return found;
      },
      { timeout: 10_000 },
    );
    expect(notice.textContent).toContain('Item #42 is in an organization you are not a member of');
    expect(await screen.findByText(/^Items on this page/)).toBeDefined();
    expect(screen.queryByRole('article', { name: 'Item' })).toBeNull();
    expect(fake.syncStorage.get(ORG_ID_KEY)).toBe(ACME_ORG.orgId);
    expect(calls.filter((call) => call.route === 'getItem')).toHaveLength(1);
  });
});
