import { AppError } from '@waymark/core';
import {
  CAPTURE_NEEDS_CLICK,
  CAPTURE_NEEDS_PERMISSION,
  type MessageHandler,
} from '../messaging/index';
import { toOriginPattern, type ChromeApi } from '../platform/index';
import { pagesOnly } from './pages-only';

/**
 * The `captureTab` handler: captures the visible part of a web page's tab as PNG. Only for the
 * extension's own pages, only for http(s) tabs, and only for a tab in front (what the user sees
 * is what is captured).
 *
 * First `tabs.captureVisibleTab`, which Chrome allows after the toolbar icon's click on the tab
 * (activeTab). Without that click, on a site the user allowed Waymark to open (its per-site host
 * permission), the DevTools protocol's screenshot (optional `debugger` permission): a granted
 * site alone does not satisfy captureVisibleTab (it wants `<all_urls>`, checked in e2e), and
 * `<all_urls>` would make every site look allowed (docs/extension-permissions.md).
 */
export function createCaptureTab(api: ChromeApi): MessageHandler<'captureTab'> {
  return pagesOnly(api, 'Only Waymark pages may capture a tab.', async ({ tabId }) => {
    const tab = await api.tabs.get(tabId).catch(() => null);
    const pattern = toOriginPattern(tab?.url);
    if (!tab || !pattern) {
      throw new AppError('BAD_REQUEST', 'Waymark captures web pages (http or https addresses).');
    }
    if (!tab.active) {
      throw new AppError('BAD_REQUEST', 'Show the page in its tab, then capture it.');
    }
    try {
      return await api.tabs.captureVisibleTab(tab.windowId);
    } catch {
      // No activeTab grant for this tab: the icon was not clicked here (or the tab moved on).
    }
    if (!(await api.permissions.contains([pattern]))) {
      throw new AppError('FORBIDDEN', CAPTURE_NEEDS_CLICK);
    }
    if (!(await api.permissions.containsApi(['debugger']))) {
      throw new AppError('FORBIDDEN', CAPTURE_NEEDS_PERMISSION);
    }
    try {
      return await api.debugger.captureScreenshot(tabId);
    } catch (caught) {
      throw new AppError('CONFLICT', captureFailure(caught));
    }
  });
}

/** One line for a refused DevTools capture: the tab went away, or something else debugs it. */
function captureFailure(caught: unknown): string {
  const reason = caught instanceof Error ? caught.message : String(caught);
  if (/no tab|closed|detached/i.test(reason)) {
    return 'The tab closed or left the page while Waymark captured it: capture again.';
  }
  if (/already attached|another debugger/i.test(reason)) {
    return 'Another tool is debugging this tab (close its developer tools session), then capture again.';
  }
  return `Chrome did not let Waymark capture this page (${reason}). Click the Waymark icon in the toolbar on this tab, then capture again.`;
}
