import { AppError } from '@waymark/core';
import {
  CAPTURE_NEEDS_CLICK,
  CAPTURE_NEEDS_PERMISSION,
  CAPTURE_TAB_GONE,
  type MessageHandler,
} from '../messaging/index';
import { toOriginPattern, type ChromeApi, type TabInfo } from '../platform/index';
import { pagesOnly } from './pages-only';

/** A tab Waymark may capture: a web page in front of its window, and its site's origin pattern. */
export type CapturableTab = { tab: TabInfo & { id: number }; pattern: string };

/**
 * The tab `tabId` when it can be captured: an http(s) page (what Waymark is about) that is the
 * one in front of its window (what the user sees is what is captured). Throws the one line the
 * panel shows otherwise.
 */
export async function capturableTab(api: ChromeApi, tabId: number): Promise<CapturableTab> {
  const tab = await api.tabs.get(tabId).catch(() => null);
  const pattern = toOriginPattern(tab?.url);
  if (!tab || !pattern) {
    throw new AppError('BAD_REQUEST', 'Waymark captures web pages (http or https addresses).');
  }
  if (!tab.active) {
    throw new AppError('BAD_REQUEST', 'Show the page in its tab, then capture it.');
  }
  return { tab: { ...tab, id: tabId }, pattern };
}

/**
 * A PNG data URL of the visible part of `tab`: first `tabs.captureVisibleTab`, which Chrome
 * allows after the toolbar icon's click on the tab (activeTab). Without that click, on a site the
 * user allowed Waymark to open (its per-site host permission), the DevTools protocol's screenshot
 * (optional `debugger` permission): a granted site alone does not satisfy captureVisibleTab (it
 * wants `<all_urls>`, checked in e2e), and `<all_urls>` would make every site look allowed
 * (docs/extension-permissions.md).
 */
export async function captureVisible(api: ChromeApi, { tab, pattern }: CapturableTab) {
  try {
    return await api.tabs.captureVisibleTab(tab.windowId);
  } catch {
    // No activeTab grant for this tab: the icon was not clicked here (or the tab moved on).
  }
  await requireDebugger(api, pattern);
  try {
    return await api.debugger.captureScreenshot(tab.id);
  } catch (caught) {
    throw captureFailure(caught);
  }
}

/**
 * Throws the panel's line unless Waymark may capture the site through the DevTools protocol:
 * a site the user allowed (else only the icon's click helps) and the optional `debugger`
 * permission granted (else the panel offers to ask for it).
 */
export async function requireDebugger(api: ChromeApi, pattern: string): Promise<void> {
  if (!(await api.permissions.contains([pattern]))) {
    throw new AppError('FORBIDDEN', CAPTURE_NEEDS_CLICK);
  }
  if (!(await api.permissions.containsApi(['debugger']))) {
    throw new AppError('FORBIDDEN', CAPTURE_NEEDS_PERMISSION);
  }
}

/**
 * The `captureTab` handler: captures the visible part of a web page's tab as PNG
 * ({@link captureVisible}). Only for the extension's own pages.
 */
export function createCaptureTab(api: ChromeApi): MessageHandler<'captureTab'> {
  return pagesOnly(api, 'Only Waymark pages may capture a tab.', async ({ tabId }) =>
    captureVisible(api, await capturableTab(api, tabId)),
  );
}

/**
 * One line for a refused capture: the tab went away (closed, reloaded, navigated: the DevTools
 * session or the content script's channel broke), or something else debugs it.
 */
export function captureFailure(caught: unknown): AppError {
  if (caught instanceof AppError) return caught;
  const reason = caught instanceof Error ? caught.message : String(caught);
  if (
    /no tab|closed|detached|not attached|receiving end|no receiver|message port|navigat/i.test(
      reason,
    )
  ) {
    return new AppError('CONFLICT', CAPTURE_TAB_GONE);
  }
  if (/already attached|another debugger/i.test(reason)) {
    return new AppError(
      'CONFLICT',
      'Another tool is debugging this tab (close its developer tools session), then capture again.',
    );
  }
  return new AppError(
    'CONFLICT',
    `Chrome did not let Waymark capture this page (${reason}). Click the Waymark icon in the toolbar on this tab, then capture again.`,
  );
}
