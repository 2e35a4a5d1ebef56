import { sendRequest, type PanelStart } from '../../../messaging/index';
import type { ChromeApi } from '../../../platform/index';
import { readPinnedTabId } from '../pinned-tab';

/** How long an opening panel waits for the worker's start before it renders without. */
const PANEL_START_WAIT_MS = 1_000;

/**
 * Asks the worker for what it holds for this panel (`getPanelStart`); null when it cannot
 * answer within {@link PANEL_START_WAIT_MS}, and the panel then loads everything itself.
 */
export async function requestPanelStart(
  api: ChromeApi,
  search: string,
): Promise<PanelStart | null> {
  const pinnedTabId = readPinnedTabId(search);
  const ask = async () =>
    sendRequest(
      (message) => api.runtime.sendMessage(message),
      'getPanelStart',
      pinnedTabId === null ? { windowId: await api.windows.getCurrentId() } : { pinnedTabId },
    );
  const giveUp = new Promise<null>((done) => setTimeout(() => done(null), PANEL_START_WAIT_MS));
  return Promise.race([ask().catch(() => null), giveUp]);
}
