import { inboxEntryUrl, type TInboxEntry } from '@waymark/core';
import type { ChromeApi } from '../../../platform/index';
import { pageOf as withoutFragment, requestItem } from '../../shared/item-link';

/**
 * Opens a notification's item on its page: switches to a tab already showing that page (any
 * window) and asks the panel to open the item there, or opens the page in a new tab — its URL
 * names the item in its fragment, which the panel follows.
 */
export async function openEntry(api: ChromeApi, entry: TInboxEntry): Promise<void> {
  const url = inboxEntryUrl(entry);
  if (!url) return;
  const page = withoutFragment(url);
  const tabs = await api.tabs.query({});
  const open = tabs.find(
    (tab) => tab.id !== undefined && tab.url && withoutFragment(tab.url) === page,
  );
  if (open?.id === undefined) {
    await api.tabs.create({ url, active: true });
    return;
  }
  requestItem(url, entry.itemId);
  await api.tabs.activate({ tabId: open.id, windowId: open.windowId });
}
