import { EXTENSION_CONFIG_FILE } from '@waymark/core';
import { DEFAULT_SERVER_URL } from '../config';
import type { ChromeApi } from '../platform/index';
import { checkServerUrl } from './check-server-url';

const defaults = new WeakMap<ChromeApi, Promise<string>>();

/**
 * The server this copy talks to while the user saved none: the one a Waymark server wrote into
 * `waymark-config.json` when it handed this copy out (issue 25), else the build's default.
 * Read once per extension context: the packaged file never changes while the copy runs.
 */
export function readDefaultServerUrl(api: ChromeApi): Promise<string> {
  let known = defaults.get(api);
  if (!known) {
    known = api.runtime
      .readPackagedJson(EXTENSION_CONFIG_FILE)
      .then(toServerUrl, () => null)
      .then((url) => url ?? DEFAULT_SERVER_URL);
    defaults.set(api, known);
  }
  return known;
}

function toServerUrl(config: unknown): string | null {
  if (typeof config !== 'object' || config === null || !('serverUrl' in config)) return null;
  const { serverUrl } = config;
  if (typeof serverUrl !== 'string') return null;
  const check = checkServerUrl(serverUrl);
  return check.ok ? check.url : null;
}
