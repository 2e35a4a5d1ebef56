import { z } from 'zod';
import { EXTENSION_DOWNLOAD_PATH } from '../../constants/extension';
import { defineRoute } from '../define-route';

/** The browser extension as this server hands it out (issue 25). */
export const extensionRoutes = {
  /**
   * This server's copy of the extension as a zip, with `waymark-config.json` naming the server
   * (its PUBLIC_URL): unzipped and loaded unpacked, it talks to this server without a setting.
   * Public, like a store listing: the extension's code holds nothing secret (docs/portal.md).
   */
  downloadExtension: defineRoute({
    method: 'GET',
    path: EXTENSION_DOWNLOAD_PATH,
    summary: "This server's copy of the browser extension (zip), preconfigured for this server.",
    tag: 'extension',
    response: z.instanceof(Blob),
    responseKind: 'file',
  }),
};
