import { AppError } from '@waymark/core';
import { cropPngToDataUrl, pngSize, type PixelRect } from '../imaging/index';
import {
  CAPTURE_NEEDS_ALLOWED_SITE,
  CAPTURE_PAGE_CLOSED_TO_EXTENSIONS,
  sendRequest,
  type MessageHandler,
  type RegionSelection,
} from '../messaging/index';
import type { ChromeApi, DevtoolsSend } from '../platform/index';
import { capturableTab, captureFailure, requireDebugger } from './capture-tab';
import { pagesOnly } from './pages-only';
import { ensureContentScript } from './pins-relay';

/** Cuts a rectangle out of a PNG data URL (the canvas in production; a stand-in in unit tests). */
export type CropImage = (imageUrl: string, crop: PixelRect) => Promise<string>;

/**
 * The `captureRegion` handler (issue 32): the content script's overlay lets the user drag a
 * rectangle over the page (Esc cancels → null); once the overlay is gone, that rectangle is
 * captured at the screen's own pixels (device pixel ratio and zoom): cut out of
 * `captureVisibleTab`'s shot after the icon's click, else a DevTools capture clipped to it. The overlay is the content script's, not a DevTools
 * `Runtime.evaluate`: it runs in Chrome's isolated world, so a page's Content-Security-Policy
 * cannot block it, and no debugger is attached while the user drags — Chrome's "is debugging"
 * bar would shrink the page under the pointer mid-drag. Allowed sites only (where Waymark may
 * inject its content script).
 */
export function createCaptureRegion(
  api: ChromeApi,
  crop: CropImage = cropPngToDataUrl,
): MessageHandler<'captureRegion'> {
  return pagesOnly(api, 'Only Waymark pages may capture a tab.', async ({ tabId }) => {
    await capturableTab(api, tabId);
    const isInjected = await ensureContentScript(api, tabId).catch((caught: unknown) => {
      const reason = caught instanceof Error ? caught.message : String(caught);
      if (/cannot be scripted|cannot access|error page/i.test(reason)) {
        throw new AppError('CONFLICT', CAPTURE_PAGE_CLOSED_TO_EXTENSIONS);
      }
      throw captureFailure(caught);
    });
    if (!isInjected) throw new AppError('FORBIDDEN', CAPTURE_NEEDS_ALLOWED_SITE);
    const selection = await sendRequest(
      (message) => api.tabs.sendMessage(tabId, message),
      'selectRegion',
      {},
    ).catch((caught: unknown) => {
      throw captureFailure(caught);
    });
    if (selection === null) return null;
    // The tab may have been switched or navigated while the user dragged: check again.
    const target = await capturableTab(api, tabId);
    const shot = await api.tabs.captureVisibleTab(target.tab.windowId).catch(() => null);
    if (shot !== null) {
      const size = pngSize(shot);
      const rect = size && regionPixels(selection, size);
      if (!rect) throw new AppError('CONFLICT', EMPTY_REGION);
      return crop(shot, rect);
    }
    await requireDebugger(api, target.pattern);
    try {
      return await api.debugger.session(tabId, (send) => captureClip(send, selection));
    } catch (caught) {
      throw captureFailure(caught);
    }
  });
}

/** The line for a selection with nothing in it. */
const EMPTY_REGION = 'The selected region is empty: drag over the part to capture.';

/**
 * The DevTools capture of a selection: `Page.captureScreenshot` clipped to it (document CSS
 * pixels: the viewport's scroll offset added), at the screen's pixels. Exactly the selected
 * part even where the tab's real view differs from its layout viewport (device emulation).
 */
async function captureClip(send: DevtoolsSend, selection: RegionSelection): Promise<string> {
  const viewport = { width: selection.viewportWidth, height: selection.viewportHeight };
  const rect = regionPixels(selection, viewport);
  if (!rect) throw new AppError('CONFLICT', EMPTY_REGION);
  const metrics = (await send('Page.getLayoutMetrics')) as {
    cssVisualViewport: { pageX: number; pageY: number };
  };
  const { pageX, pageY } = metrics.cssVisualViewport;
  const shot = (await send('Page.captureScreenshot', {
    format: 'png',
    clip: {
      x: pageX + rect.x,
      y: pageY + rect.y,
      width: rect.width,
      height: rect.height,
      scale: 1,
    },
  })) as { data: string };
  return `data:image/png;base64,${shot.data}`;
}

/**
 * The image pixels a selection covers: the selection scaled by the screenshot's pixels per CSS
 * pixel of the viewport, rounded outwards and kept inside the image; null when nothing is left
 * (or the content script answered nonsense — its page could be hostile).
 */
export function regionPixels(
  selection: RegionSelection,
  image: { width: number; height: number },
): PixelRect | null {
  const values = Object.values(selection);
  if (values.some((value) => typeof value !== 'number' || !Number.isFinite(value))) return null;
  if (selection.viewportWidth <= 0 || selection.viewportHeight <= 0) return null;
  const scaleX = image.width / selection.viewportWidth;
  const scaleY = image.height / selection.viewportHeight;
  const left = Math.max(0, Math.floor(selection.x * scaleX));
  const top = Math.max(0, Math.floor(selection.y * scaleY));
  const right = Math.min(image.width, Math.ceil((selection.x + selection.width) * scaleX));
  const bottom = Math.min(image.height, Math.ceil((selection.y + selection.height) * scaleY));
  if (right - left < 1 || bottom - top < 1) return null;
  return { x: left, y: top, width: right - left, height: bottom - top };
}
