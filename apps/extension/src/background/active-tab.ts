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
 * Tells open extension pages whenever a window's active tab changes or navigates, so the side
 * panel follows the page the user looks at. Returns a function that stops tracking.
 */
export function trackActiveTab(api: ChromeApi): () => void {
  const send = (message: unknown) => api.runtime.sendMessage(message);
  const stopActivated = api.tabs.onActivated.subscribe(({ windowId }) => {
    void getActiveTab(api, windowId).then((tab) =>
      broadcast(send, 'activeTabChanged', { windowId, tab }),
    );
  });
  const stopUpdated = api.tabs.onUpdated.subscribe((_tabId, change, tab) => {
    if (!tab.active || (change.url === undefined && change.title === undefined)) return;
    void broadcast(send, 'activeTabChanged', { windowId: tab.windowId, tab: toActiveTab(tab) });
  });
  return () => {
    stopActivated();
    stopUpdated();
  };
}

function toActiveTab(tab: TabInfo): ActiveTab | null {
  if (tab.id === undefined) return null;
  return { tabId: tab.id, windowId: tab.windowId, url: tab.url ?? null, title: tab.title ?? null };
}
