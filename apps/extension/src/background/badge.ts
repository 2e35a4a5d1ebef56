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

/** The user's unread notifications and whether they chose to see them on the toolbar icon. */
export type UnreadState = { unreadCount: number; toolbarBadge: boolean };

/**
 * Keeps the toolbar badge of each tab at the number of items on its page — or, when the user
 * chose it in the notification preferences (issue 27), at their unread notification count, the
 * same on every tab of every window.
 */
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
  /** Shows an inbox answer just read (a panel's `getInbox`): no second call for the badge. */
  showUnread(state: UnreadState): Promise<void>;
  /** Reads the unread count and the user's choice from the server and redraws. */
  refreshUnread(): Promise<void>;
};

/**
 * Creates the badge counter. It asks the server only about sites the user granted Waymark
 * access to (the project domains they work on): with the `tabs` permission alone every address
 * visited would otherwise be sent to the server. Signed out, or no items: no badge.
 */
export function createBadge({ api, auth, call }: BadgeDeps): Badge {
  const setText = (tabId: number | undefined, text: string) =>
    api.action.setBadgeText({ ...(tabId !== undefined && { tabId }), text }).catch(() => undefined);
  /** The unread count while the user shows it on the icon; null: the page's item count. */
  let unread: number | null = null;

  const countItems = async (url: string): Promise<number> => {
    const orgId = await readOrgId(api);
    const page = await call(routes.getPageItems, {
      query: { pageUrl: url, ...(orgId > 0 && { orgId: String(orgId) }) },
    });
    return page.items.length;
  };

  const update = async (tabId: number, url: string | null | undefined) => {
    if (unread !== null) return setText(tabId, formatBadgeCount(unread));
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

  const showUnread = async ({ unreadCount, toolbarBadge }: UnreadState) => {
    const wasShown = unread !== null;
    unread = toolbarBadge ? unreadCount : null;
    if (!toolbarBadge && !wasShown) return;
    // Every tab of every window, and new tabs (the text without a tab id).
    await setText(undefined, formatBadgeCount(unread ?? 0));
    await updateTabs(await api.tabs.query(toolbarBadge ? {} : { active: true }));
  };

  return {
    update,
    updateActiveTabs: async () => updateTabs(await api.tabs.query({ active: true })),
    showUnread,
    refreshUnread: async () => {
      if (!(await auth.getSession()).signedIn)
        return showUnread({ unreadCount: 0, toolbarBadge: false });
      try {
        await showUnread(await call(routes.getInbox, { query: { limit: '1' } }));
      } catch {
        // Unreachable: the last count stays until the next answer.
      }
    },
    showCount: async (pageUrl, count) => {
      if (unread !== null) return;
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

/** How often a tab switch may re-read the unread count (no panel open means no live stream). */
export const UNREAD_REFRESH_MS = 60_000;

/**
 * Recounts on tab switches, navigations, sign-in and sign-out, and newly granted sites; reads the
 * unread count at start, at sign-in / sign-out and, at most once a minute, on a tab switch.
 * Returns a function that stops listening.
 */
export function trackBadge(
  api: ChromeApi,
  auth: AuthSession,
  badge: Badge,
  now: () => number = Date.now,
): () => void {
  void api.action.setBadgeBackgroundColor(BADGE_COLOR).catch(() => undefined);
  let unreadReadAt = now();
  void badge.refreshUnread();
  const stops = [
    api.tabs.onActivated.subscribe(({ windowId }) => {
      if (now() - unreadReadAt >= UNREAD_REFRESH_MS) {
        unreadReadAt = now();
        void badge.refreshUnread();
      }
      void api.tabs
        .query({ active: true, windowId })
        .then(([tab]) => (tab?.id === undefined ? undefined : badge.update(tab.id, tab.url)));
    }),
    api.tabs.onUpdated.subscribe((tabId, change, tab) => {
      if (change.url !== undefined) void badge.update(tabId, tab.url);
    }),
    auth.onChange(() => {
      // Signed out clears every tab's count, not only the active ones.
      void badge
        .refreshUnread()
        .then(() => api.tabs.query({}))
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
