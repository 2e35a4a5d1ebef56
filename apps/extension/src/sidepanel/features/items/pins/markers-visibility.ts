import type { ChromeApi } from '../../../../platform/index';

/**
 * Where the markers toggle is kept: `chrome.storage.local`, the browser profile's own (the person
 * using it), so hidden markers stay hidden across reloads, pages, tabs and side panel reopenings.
 */
const MARKERS_VISIBLE_KEY = 'pinMarkersVisible';

/** Whether the user wants markers shown; true until they hide them. */
export async function readMarkersVisible(api: ChromeApi): Promise<boolean> {
  const stored = await api.storage.getLocal([MARKERS_VISIBLE_KEY]).catch(() => ({}));
  return (stored as Record<string, unknown>)[MARKERS_VISIBLE_KEY] !== false;
}

/** Remembers the markers toggle. */
export function saveMarkersVisible(api: ChromeApi, isVisible: boolean): Promise<void> {
  return api.storage.setLocal({ [MARKERS_VISIBLE_KEY]: isVisible });
}
