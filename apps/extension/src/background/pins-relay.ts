import { sendRequest, type MessageHandlers, type MessageMap } from '../messaging/index';
import { toOriginPattern, type ChromeApi } from '../platform/index';

/** The packaged content script (see vite.content.config.ts). */
export const CONTENT_SCRIPT_FILE = 'content-script.js';

type TabMessage = 'drawPins' | 'pickElement' | 'revealPin' | 'setMarkersVisible';

/**
 * Makes sure the tab runs the content script, injecting it when it does not answer yet. Only
 * for sites the user granted (spec: per-site access control): resolves false elsewhere.
 */
export async function ensureContentScript(api: ChromeApi, tabId: number): Promise<boolean> {
  const tab = await api.tabs.get(tabId).catch(() => null);
  const pattern = toOriginPattern(tab?.url);
  if (!pattern || !(await api.permissions.contains([pattern]))) return false;
  const toTab = (message: unknown) => api.tabs.sendMessage(tabId, message);
  const isRunning = await sendRequest(toTab, 'getPageInfo', {}).then(
    () => true,
    () => false,
  );
  if (!isRunning) await api.scripting.executeFile(tabId, CONTENT_SCRIPT_FILE);
  return true;
}

/**
 * The worker's handlers of the pin messages (issue 15): each is forwarded, unchanged, to the
 * content script of its tab after {@link ensureContentScript}; where the site is not granted,
 * `drawPins` answers null and the others do nothing.
 */
export function createPinsRelay(api: ChromeApi): MessageHandlers {
  const forward =
    <T extends TabMessage>(type: T, whenDenied: MessageMap[T]['response']) =>
    async (payload: MessageMap[T]['payload']): Promise<MessageMap[T]['response']> => {
      if (!(await ensureContentScript(api, payload.tabId))) return whenDenied;
      return sendRequest((message) => api.tabs.sendMessage(payload.tabId, message), type, payload);
    };
  return {
    drawPins: forward('drawPins', null),
    pickElement: forward('pickElement', null),
    revealPin: forward('revealPin', false),
    setMarkersVisible: forward('setMarkersVisible', undefined),
  };
}
