import type { TOrganization } from '@waymark/core';
import { describe, expect, it, vi } from 'vitest';
import type { AuthSession } from '../../auth/index';
import type { PageSnapshot, SessionInfo } from '../../messaging/index';
import { ORG_ID_KEY } from '../../settings/org-store';
import { createFakeChrome } from '../../test/fake-chrome-api';
import type { OfflineCache } from './offline-cache';
import { offlineReadId } from './offline-reads';
import type { PageData } from './page-data';
import { createPanelStart } from './panel-start';

const SIGNED_IN: SessionInfo = { signedIn: true, name: 'Ann', email: 'ann@example.com' };
const ORGS = [
  { orgId: 5, orgName: 'First' },
  { orgId: 7, orgName: 'Second' },
] as TOrganization[];
const CHECKOUT = 'https://shop.example.com/checkout';
const SNAPSHOT = { page: { projectId: 3, items: [] }, updatedAt: 10, isOffline: false };

/** A worker whose active tab of window 1 shows the checkout page, with what it has kept. */
function setUp({ session = SIGNED_IN, storedOrgId = 7, orgs = ORGS as TOrganization[] | null }) {
  const fake = createFakeChrome();
  fake.tabs.push({ id: 4, windowId: 1, active: true, url: CHECKOUT, title: 'Checkout' });
  fake.syncStorage.set(ORG_ID_KEY, storedOrgId);
  const cache = {
    read: vi.fn((id: string) =>
      Promise.resolve(
        id === offlineReadId('getOrgs', {}) && orgs ? { value: orgs, savedAt: 9 } : null,
      ),
    ),
  } as unknown as OfflineCache;
  const peek = vi.fn(() => Promise.resolve(SNAPSHOT as unknown as PageSnapshot));
  const pageData = { peek } as unknown as PageData;
  const auth = { getSession: () => Promise.resolve(session) } as AuthSession;
  const start = createPanelStart({ api: fake.api, auth, cache, pageData });
  const sender = {} as chrome.runtime.MessageSender;
  return { peek, ask: (payload: Parameters<typeof start>[0]) => start(payload, sender) };
}

describe('the side panel start', () => {
  it('answers the tab, session, chosen organization and the page lookup kept for it, at once', async () => {
    const { ask, peek } = setUp({});
    const start = await ask({ windowId: 1 });
    expect(start).toEqual({
      tab: { tabId: 4, windowId: 1, url: CHECKOUT, title: 'Checkout' },
      windowId: 1,
      session: SIGNED_IN,
      orgId: 7,
      orgs: { value: ORGS, savedAt: 9 },
      snapshot: { page: { pageUrl: CHECKOUT, orgId: 7, projectId: null }, value: SNAPSHOT },
    });
    expect(peek).toHaveBeenCalledWith({ pageUrl: CHECKOUT, orgId: 7, projectId: null });
  });

  it('looks the page up in the first organization when the stored choice is not one of them', async () => {
    const { ask } = setUp({ storedOrgId: 99 });
    expect((await ask({ pinnedTabId: 4 })).snapshot?.page.orgId).toBe(5);
  });

  it('has no page data to show before the organizations were ever fetched', async () => {
    const { ask, peek } = setUp({ orgs: null });
    const start = await ask({ windowId: 1 });
    expect(start.snapshot).toBeNull();
    expect(peek).not.toHaveBeenCalled();
  });

  it('shows nothing kept to a signed-out panel', async () => {
    const { ask, peek } = setUp({ session: { signedIn: false } });
    const start = await ask({ windowId: 1 });
    expect(start).toMatchObject({ session: { signedIn: false }, orgs: null, snapshot: null });
    expect(peek).not.toHaveBeenCalled();
  });
});
