import { AppError } from '@waymark/core';
import {
  MAX_RECORDING_MS,
  RECORD_NEEDS_CLICK,
  RECORD_WEB_PAGES_ONLY,
  type MessageHandler,
} from '../messaging/index';
import { toOriginPattern, type ChromeApi } from '../platform/index';
import { CLICK_OVERLAY_ID, drawClickOverlay, removeClickOverlay } from './click-overlay';
import { pagesOnly } from './pages-only';

/** The packaged offscreen recorder page (vite entry `offscreen`). */
export const OFFSCREEN_PAGE = 'offscreen.html';

const JUSTIFICATION =
  'Records the tab the user asked Waymark to record (up to 2 minutes) into a WebM attachment.';

/**
 * The `prepareRecording` handler (issue 32): checks the tab (a web page, in front), gets Chrome's
 * tabCapture stream id for it, opens the offscreen recorder document, and — when asked and the
 * site is one the user allowed — draws the pointer and clicks in the page for the recording.
 * The stream id is only usable by this extension's own documents, within seconds.
 */
export function createPrepareRecording(api: ChromeApi): MessageHandler<'prepareRecording'> {
  return pagesOnly(api, 'Only Waymark pages may record a tab.', async ({ tabId, showClicks }) => {
    const tab = await api.tabs.get(tabId).catch(() => null);
    const pattern = toOriginPattern(tab?.url);
    if (!tab || !pattern) throw new AppError('BAD_REQUEST', RECORD_WEB_PAGES_ONLY);
    if (!tab.active) throw new AppError('BAD_REQUEST', 'Show the page in its tab, then record it.');
    let streamId: string;
    try {
      streamId = await api.tabCapture.getMediaStreamId(tabId);
    } catch (caught) {
      throw new AppError('FORBIDDEN', recordingRefusal(caught));
    }
    await api.offscreen.ensureDocument({
      url: OFFSCREEN_PAGE,
      reasons: ['USER_MEDIA'],
      justification: JUSTIFICATION,
    });
    const showsClicks =
      showClicks &&
      (await api.permissions.contains([pattern])) &&
      (await api.scripting
        .executeFunction(tabId, drawClickOverlay, [CLICK_OVERLAY_ID, MAX_RECORDING_MS + 5_000])
        .then(
          () => true,
          // A page that refuses scripts (the Web Store, a policy-blocked site) records without.
          () => false,
        ));
    return { streamId, showsClicks };
  });
}

/** The `endRecording` handler: removes the click overlay; a closed tab has nothing to remove. */
export function createEndRecording(api: ChromeApi): MessageHandler<'endRecording'> {
  return pagesOnly(api, 'Only Waymark pages may record a tab.', async ({ tabId }) => {
    await api.scripting.executeFunction(tabId, removeClickOverlay, []).catch(() => undefined);
  });
}

/** Chrome's refusal in the panel's words: the icon's click is missing, or the tab is busy. */
function recordingRefusal(caught: unknown): string {
  const reason = caught instanceof Error ? caught.message : String(caught);
  if (/active stream|already being captured/i.test(reason)) {
    return 'This tab is already being recorded or shared: stop that first, then record again.';
  }
  if (/not been invoked|activeTab|permission/i.test(reason)) return RECORD_NEEDS_CLICK;
  return `Chrome did not let Waymark record this tab (${reason}).`;
}
