// The extension's identity, which the server needs before the extension ever runs: the OAuth
// redirect of chrome.identity and the origin its requests come from. Fixed by the manifest `key`
// (apps/extension/manifest.json); apps/extension/src/manifest.test.ts recomputes it.

/** The Waymark extension's id in Chrome and Edge for every unpacked install of this source. */
export const EXTENSION_ID = 'gppapicjlofijckcoefgedfhgegmegpd';

/** The origin of the extension's pages and service worker, as sent in the `Origin` header. */
export const EXTENSION_ORIGIN = `chrome-extension://${EXTENSION_ID}`;

/** The redirect URI of the extension's OIDC client (`chrome.identity.launchWebAuthFlow`). */
export const EXTENSION_REDIRECT_URI = `https://${EXTENSION_ID}.chromiumapp.org/`;

/**
 * The file the server writes into the extension it hands out (issue 25): `{ "serverUrl": … }`,
 * the server that copy talks to until the user saves another one in Options.
 */
export const EXTENSION_CONFIG_FILE = 'waymark-config.json';

/**
 * Where this server hands out its copy of the extension (the `downloadExtension` route). A plain
 * constant so the portal's public pages link to it without loading the route table and zod.
 */
export const EXTENSION_DOWNLOAD_PATH = '/api/extension/download';
