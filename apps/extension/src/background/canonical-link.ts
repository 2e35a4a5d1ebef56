import { sendRequest, type MessageHandlers } from '../messaging/index';
import type { ChromeApi } from '../platform/index';
import { ensureContentScript } from './pins-relay';

/**
 * The worker's `getCanonicalLink` (issue 31): asks the tab's content script (injected first,
 * only on granted sites) for the page's resolved `<link rel=canonical>`; null elsewhere.
 */
export function createCanonicalLink(api: ChromeApi): MessageHandlers['getCanonicalLink'] {
  return async ({ tabId }) => {
    if (!(await ensureContentScript(api, tabId))) return null;
    const info = await sendRequest(
      (message) => api.tabs.sendMessage(tabId, message),
      'getPageInfo',
      {},
    );
    return info.canonicalUrl ?? null;
  };
}
