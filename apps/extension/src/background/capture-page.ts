import { AppError } from '@waymark/core';
import {
  CAPTURE_NEEDS_ALLOWED_SITE,
  PAGE_NEEDS_PERMISSION,
  type MessageHandler,
  type PageCapture,
} from '../messaging/index';
import type { ChromeApi, DevtoolsSend } from '../platform/index';
import { capturableTab, captureFailure } from './capture-tab';
import { pagesOnly } from './pages-only';

/**
 * The tallest (and widest) whole-page image, in image pixels. Chrome's canvas refuses sides over
 * 32,767 px and areas over 268 M px (16,384²), and the editor draws the shot on canvases (render,
 * crop) at full size: at 16,384 × 2,732 px (a 1,366 px wide page at 2× pixels) one canvas is
 * 179 MB, about what a browser tab can spare reliably. Taller pages keep their top part, with a
 * notice (decision 0060).
 */
export const MAX_PAGE_IMAGE_PX = 16_384;

/** How long one DevTools command may take before the capture gives up (a hung page). */
export const DEVTOOLS_COMMAND_TIMEOUT_MS = 20_000;

/** The part of a page a whole-page capture takes, in CSS pixels, and whether it is all of it. */
export type PageClip = {
  clip: { x: 0; y: 0; width: number; height: number; scale: 1 };
  /** The page's full height in CSS pixels. */
  fullHeight: number;
  isCapped: boolean;
};

/**
 * The clip of a whole-page capture of a page of `content` CSS pixels at `pixelRatio` image
 * pixels per CSS pixel: all of it, or its top-left {@link MAX_PAGE_IMAGE_PX} image pixels
 * either way.
 */
export function pageClip(
  content: { width: number; height: number },
  pixelRatio: number,
  limit = MAX_PAGE_IMAGE_PX,
): PageClip {
  // Read from the page, which could lie: a ratio below 1 (zoomed out) counts as 1, so a lie can
  // only make the page keep less of itself.
  const ratio = Number.isFinite(pixelRatio) ? Math.min(8, Math.max(1, pixelRatio)) : 1;
  const most = Math.floor(limit / ratio);
  const width = Math.max(1, Math.min(Math.ceil(content.width), most));
  const fullHeight = Math.max(1, Math.ceil(content.height));
  const height = Math.min(fullHeight, most);
  return {
    clip: { x: 0, y: 0, width, height, scale: 1 },
    fullHeight,
    isCapped: height < fullHeight,
  };
}

/** The line the panel shows when only the top of a page fits in one image. */
export function cappedNotice({ clip, fullHeight }: PageClip): string {
  const number = (value: number) => value.toLocaleString('en-US');
  return `This page is ${number(fullHeight)} px tall: the image holds its top ${number(clip.height)} px, the most one screenshot can hold. Scroll down and capture the visible area or a region for the rest.`;
}

/**
 * The `capturePage` handler (issue 32): the whole scrolling page in one DevTools call —
 * `Page.captureScreenshot` with `captureBeyondViewport` and a clip of the page's content size.
 * Chrome lays the page out at its full height for the shot, so fixed headers appear once, at
 * the top; the page is scrolled to its top for the shot (and back after it), so a sticky header
 * is drawn at its own place rather than where the user had scrolled to; scroll-and-stitch with `captureVisibleTab` would be
 * held to Chrome's 2 captures a second (a 10,000 px page at 720 px a screen: 14 captures, 7 s),
 * repeat every sticky header and fire the page's scroll handlers (decision 0060). Needs the
 * optional `debugger` permission, asked for once, on allowed sites only.
 */
export function createCapturePage(api: ChromeApi): MessageHandler<'capturePage'> {
  return pagesOnly(api, 'Only Waymark pages may capture a tab.', async ({ tabId }) => {
    const { pattern } = await capturableTab(api, tabId);
    if (!(await api.permissions.contains([pattern]))) {
      throw new AppError('FORBIDDEN', CAPTURE_NEEDS_ALLOWED_SITE);
    }
    if (!(await api.permissions.containsApi(['debugger']))) {
      throw new AppError('FORBIDDEN', PAGE_NEEDS_PERMISSION);
    }
    try {
      return await api.debugger.session(tabId, (send) => captureWholePage(withDeadline(send)));
    } catch (caught) {
      throw captureFailure(caught);
    }
  });
}

/**
 * Scrolls the page to its top (instantly, whatever its `scroll-behavior`), waits for a painted
 * frame (200 ms at most) and answers the scroll position it left and the device pixel ratio.
 * A sticky header sits where the page is scrolled to: at the top it is drawn once, at its place.
 */
const TO_TOP = `(async () => {
  const from = [window.scrollX, window.scrollY];
  window.scrollTo({ left: 0, top: 0, behavior: 'instant' });
  await new Promise((done) => {
    setTimeout(done, 200);
    requestAnimationFrame(() => requestAnimationFrame(done));
  });
  return { from, ratio: window.devicePixelRatio };
})()`;

/** The steps of a whole-page capture on an attached tab; the page's scroll position restored. */
async function captureWholePage(send: DevtoolsSend): Promise<PageCapture> {
  const metrics = (await send('Page.getLayoutMetrics')) as {
    cssContentSize: { width: number; height: number };
  };
  const evaluated = (await send('Runtime.evaluate', {
    expression: TO_TOP,
    awaitPromise: true,
    returnByValue: true,
  })) as { result?: { value?: { from?: unknown; ratio?: unknown } } };
  const { from, ratio } = evaluated.result?.value ?? {};
  try {
    const clip = pageClip(metrics.cssContentSize, typeof ratio === 'number' ? ratio : 1);
    const shot = (await send('Page.captureScreenshot', {
      format: 'png',
      captureBeyondViewport: true,
      clip: clip.clip,
    })) as { data: string };
    return {
      imageUrl: `data:image/png;base64,${shot.data}`,
      notice: clip.isCapped ? cappedNotice(clip) : null,
    };
  } finally {
    if (Array.isArray(from) && from.every((value) => Number.isFinite(value))) {
      await send('Runtime.evaluate', {
        expression: `window.scrollTo({ left: ${Number(from[0])}, top: ${Number(from[1])}, behavior: 'instant' })`,
      }).catch(() => undefined);
    }
  }
}

/** `send`, failing any command that takes longer than {@link DEVTOOLS_COMMAND_TIMEOUT_MS}. */
function withDeadline(send: DevtoolsSend): DevtoolsSend {
  return (method, params) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new AppError(
              'CONFLICT',
              'The page did not answer in time (it may be busy): wait for it to finish loading, then capture again.',
            ),
          ),
        DEVTOOLS_COMMAND_TIMEOUT_MS,
      );
      send(method, params)
        .then(resolve, reject)
        .finally(() => clearTimeout(timer));
    });
}
