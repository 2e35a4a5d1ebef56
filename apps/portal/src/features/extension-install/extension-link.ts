import { EXTENSION_DOWNLOAD_PATH } from '@waymark/core';
import { config } from '../../config';
import { paths } from '../../config/paths';

/** Where View Extension and the download links lead. */
export type ExtensionLinkTarget = {
  href: string;
  /** A store listing elsewhere (opens in a new tab), or the portal's own install page. */
  isExternal: boolean;
};

/**
 * The store listing when the build names one (`VITE_EXTENSION_STORE_URL`), otherwise the install
 * page of this server: a self-hosted server's extension is the copy it hands out (issue 25).
 */
export function getExtensionLink(storeUrl = config.extensionStoreUrl): ExtensionLinkTarget {
  return storeUrl
    ? { href: storeUrl, isExternal: true }
    : { href: paths.installExtension.getHref(), isExternal: false };
}

/** This server's copy of the extension, preconfigured for it (`GET /api/extension/download`). */
export const EXTENSION_DOWNLOAD_URL = `${config.apiBaseUrl}${EXTENSION_DOWNLOAD_PATH}`;
