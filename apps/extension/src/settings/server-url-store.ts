import type { ChromeApi } from '../platform/index';
import { checkServerUrl, type ServerUrlCheck } from './check-server-url';
import { readDefaultServerUrl } from './default-server-url';

/** The `chrome.storage.sync` key of the server URL; sync, so a user's devices agree. */
export const SERVER_URL_KEY = 'serverUrl';

/** The saved server URL, or the default when none (or an invalid one) is stored. */
export async function readServerUrl(api: ChromeApi): Promise<string> {
  const stored = (await api.storage.getSync([SERVER_URL_KEY]))[SERVER_URL_KEY];
  return parseStored(stored) ?? readDefaultServerUrl(api);
}

/** Checks `input` and stores it when valid; answers the check either way. */
export async function saveServerUrl(api: ChromeApi, input: string): Promise<ServerUrlCheck> {
  const check = checkServerUrl(input);
  if (check.ok) await api.storage.setSync({ [SERVER_URL_KEY]: check.url });
  return check;
}

/** Calls `listener` with the new server URL whenever any context saves one; returns unsubscribe. */
export function watchServerUrl(api: ChromeApi, listener: (url: string) => void): () => void {
  return api.storage.onSyncChanged.subscribe((changes) => {
    const change = changes[SERVER_URL_KEY];
    if (!change) return;
    const url = parseStored(change.newValue);
    if (url !== null) listener(url);
    else void readDefaultServerUrl(api).then(listener);
  });
}

/**
 * The server URL read once and kept, read again after any context saves one: for the service
 * worker, which asks on every API call and every panel opening, where a `storage.sync` read
 * cost ~14 ms of the panel's start answer (docs/extension.md, "First paint", step 15).
 */
export function keepServerUrl(api: ChromeApi): () => Promise<string> {
  let kept: Promise<string> | null = null;
  // Subscribed before the first read, so a save during that read is never missed.
  api.storage.onSyncChanged.subscribe((changes) => {
    if (SERVER_URL_KEY in changes) kept = null;
  });
  return () => {
    kept ??= readServerUrl(api).catch((error: unknown) => {
      kept = null;
      throw error;
    });
    return kept;
  };
}

function parseStored(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const check = checkServerUrl(value);
  return check.ok ? check.url : null;
}
