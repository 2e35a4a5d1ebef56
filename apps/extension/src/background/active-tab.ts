import { broadcast } from '../messaging/index';
import type { ActiveTab } from '../messaging/index';
import type { ChromeApi, TabInfo } from '../platform/index';

/** The active tab of a window, or null when it has none. */
export async function getActiveTab(api: ChromeApi, windowId: number): Promise<ActiveTab | null> {
  const [tab] = await api.tabs.query({ active: true, windowId });
  return tab ? toActiveTab(tab) : null;
}

/** A tab by id, or null when it is gone. */
export async function getTab(api: ChromeApi, tabId: number): Promise<ActiveTab | null> {
  const tab = await api.tabs.get(tabId).catch(() => null);
  return tab ? toActiveTab(tab) : null;
}

/**
 * How long a tab's address changes are coalesced: a single-page app's router may push or replace
 * the URL several times for one click (issue 31); the panel follows the first change at once and
 * the last one of a burst, not every step in between.
 */
export const NAVIGATION_SETTLE_MS = 150;

/**
 * Tells open extension pages whenever a window's active tab changes or navigates — loads,
 * `history.pushState` and fragment changes alike (Chrome reports each as a `url` change of
 * `tabs.onUpdated`; no webNavigation permission needed) — so the side panel follows the page
 * the user looks at. Returns a function that stops tracking.
 */
export function trackActiveTab(api: ChromeApi): () => void {
  const send = (message: unknown) => api.runtime.sendMessage(message);
  // Per tab: while a burst lasts, only its latest state is kept and told when it settles.
  const bursts = new Map<
    number,
    { timer: ReturnType<typeof setTimeout>; windowId: number; latest: TabInfo | null }
  >();
  const stopActivated = api.tabs.onActivated.subscribe(({ windowId }) => {
    // Another tab is shown: a burst of the one left behind must not be told as the active one.
    for (const [tabId, burst] of bursts)
      if (burst.windowId === windowId) {
        clearTimeout(burst.timer);
        bursts.delete(tabId);
      }
    void getActiveTab(api, windowId).then((tab) =>
      broadcast(send, 'activeTabChanged', { windowId, tab }),
    );
  });
  const tell = (tab: TabInfo) =>
    void broadcast(send, 'activeTabChanged', { windowId: tab.windowId, tab: toActiveTab(tab) });
  const settle = (tabId: number) => {
    const burst = bursts.get(tabId);
    bursts.delete(tabId);
    if (burst?.latest) tell(burst.latest);
  };
  const stopUpdated = api.tabs.onUpdated.subscribe((tabId, change, tab) => {
    if (!tab.active || (change.url === undefined && change.title === undefined)) return;
    const burst = bursts.get(tabId);
    if (burst) {
      burst.latest = tab;
      return;
    }
    tell(tab);
    bursts.set(tabId, {
      timer: setTimeout(() => settle(tabId), NAVIGATION_SETTLE_MS),
      windowId: tab.windowId,
      latest: null,
    });
  });
  return () => {
    stopActivated();
    stopUpdated();
    for (const burst of bursts.values()) clearTimeout(burst.timer);
    bursts.clear();
  };
}

function toActiveTab(tab: TabInfo): ActiveTab | null {
  if (tab.id === undefined) return null;
  return { tabId: tab.id, windowId: tab.windowId, url: tab.url ?? null, title: tab.title ?? null };
}
