import { AppError } from '@waymark/core';
import type { MessageHandler } from '../messaging/index';
import { toOriginPattern, type ChromeApi } from '../platform/index';
import { pagesOnly } from './pages-only';

/** Why Chrome refused a capture: it needs the user's click on the toolbar icon for that tab. */
export const CAPTURE_NEEDS_CLICK =
  'Chrome lets Waymark capture a page only after you click the Waymark icon in the toolbar on that tab. Click it, then capture again.';

/**
 * The `captureTab` handler: captures the visible part of a web page's tab as PNG. Only for the
 * extension's own pages, only for http(s) tabs, and only for a tab in front (Chrome captures a
 * window's active tab, which must be the one the panel shows).
 */
export function createCaptureTab(api: ChromeApi): MessageHandler<'captureTab'> {
  return pagesOnly(api, 'Only Waymark pages may capture a tab.', async ({ tabId }) => {
    const tab = await api.tabs.get(tabId).catch(() => null);
    if (!tab || !toOriginPattern(tab.url)) {
      throw new AppError('BAD_REQUEST', 'Waymark captures web pages (http or https addresses).');
    }
    if (!tab.active) {
      throw new AppError('BAD_REQUEST', 'Show the page in its tab, then capture it.');
    }
    try {
      return await api.tabs.captureVisibleTab(tab.windowId);
    } catch {
      throw new AppError('FORBIDDEN', CAPTURE_NEEDS_CLICK);
    }
  });
}
