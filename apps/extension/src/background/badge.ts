import { BRAND_COLOR, routes } from '@waymark/core';
import type { AuthSession } from '../auth/index';
import type { ChromeApi, TabInfo } from '../platform/index';
import { readOrgId } from '../settings/index';
import type { WorkerApiCall } from './api-proxy';
import { toOriginPattern } from '../platform/index';

/** The badge's background: the brand colour shared with the portal. */
export const BADGE_COLOR = BRAND_COLOR;

/** The text of a badge for `count` items: empty for none, capped so it fits the icon. */
export function formatBadgeCount(count: number): string {
  if (count <= 0) return '';
  return count > 999 ? '999+' : String(count);
}

/** What the badge needs. */
export type BadgeDeps = { api: ChromeApi; auth: AuthSession; call: WorkerApiCall };

/** Keeps the toolbar badge of each tab at the number of items on its page. */
export type Badge = {
  /** Recounts one tab's page. */
  update(tabId: number, url: string | null | undefined): Promise<void>;
  /** Recounts the active tab of every window. */
  updateActiveTabs(): Promise<void>;
  /**
   * Shows `count` on every tab at `pageUrl` the user granted: the count of a page lookup the
   * worker just made for a side panel, so an edit costs no second lookup for the badge.
   */
  showCount(pageUrl: string, count: number): Promise<void>;
};

/**
 * Creates the badge counter. It asks the server only about sites the user granted Waymark
 * access to (the project domains they work on): with the `tabs` permission alone every address
 * visited would otherwise be sent to the server. Signed out, or no items: no badge.
 */
export function createBadge({ api, auth, call }: BadgeDeps): Badge {
  const setText = (tabId: number, text: string) =>
    api.action.setBadgeText({ tabId, text }).catch(() => undefined);

  const countItems = async (url: string): Promise<number> => {
    const orgId = await readOrgId(api);
    const page = await call(routes.getPageItems, {
      query: { pageUrl: url, ...(orgId > 0 && { orgId: String(orgId) }) },
    });
    return page.items.length;
  };

  const update = async (tabId: number, url: string | null | undefined) => {
    const pattern = toOriginPattern(url);
    if (!url || !pattern || !(await auth.getSession()).signedIn) return setText(tabId, '');
    if (!(await api.permissions.contains([pattern]))) return setText(tabId, '');
    try {
      await setText(tabId, formatBadgeCount(await countItems(url)));
    } catch {
      // An unreachable server or a refused call must not leave a stale count behind.
      await setText(tabId, '');
    }
  };

  const updateTabs = async (tabs: TabInfo[]) => {
    await Promise.all(
      tabs.flatMap((tab) => (tab.id === undefined ? [] : [update(tab.id, tab.url)])),
    );
  };

  return {
    update,
    updateActiveTabs: async () => updateTabs(await api.tabs.query({ active: true })),
    showCount: async (pageUrl, count) => {
      const pattern = toOriginPattern(pageUrl);
      if (!pattern || !(await api.permissions.contains([pattern]))) return;
      const tabs = (await api.tabs.query({})).filter((tab) => tab.url === pageUrl);
      await Promise.all(
        tabs.flatMap((tab) =>
          tab.id === undefined ? [] : [setText(tab.id, formatBadgeCount(count))],
        ),
      );
    },
  };
}

/**
 * Recounts on tab switches, navigations, sign-in and sign-out, and newly granted sites.
 * Returns a function that stops listening.
 */
export function trackBadge(api: ChromeApi, auth: AuthSession, badge: Badge): () => void {
  void api.action.setBadgeBackgroundColor(BADGE_COLOR).catch(() => undefined);
  const stops = [
    api.tabs.onActivated.subscribe(({ windowId }) => {
      void api.tabs
        .query({ active: true, windowId })
        .then(([tab]) => (tab?.id === undefined ? undefined : badge.update(tab.id, tab.url)));
    }),
    api.tabs.onUpdated.subscribe((tabId, change, tab) => {
      if (change.url !== undefined) void badge.update(tabId, tab.url);
    }),
    auth.onChange(() => {
      // Signed out clears every tab's count, not only the active ones.
      void api.tabs
        .query({})
        .then((tabs) =>
          Promise.all(
            tabs.flatMap((tab) => (tab.id === undefined ? [] : [badge.update(tab.id, tab.url)])),
          ),
        );
    }),
    api.permissions.onAdded.subscribe(() => void badge.updateActiveTabs()),
  ];
  return () => stops.forEach((stop) => stop());
}
