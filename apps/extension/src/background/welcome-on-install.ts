import type { ChromeApi } from '../platform/index';

/** The packaged page of spec §2 extension-welcome-page (Quick tips). */
export const WELCOME_PAGE = 'welcome.html';

/**
 * Opens the welcome page in a new tab on a fresh install only: updates and Chrome updates
 * must not interrupt the user with it again.
 */
export function openWelcomeOnInstall(api: ChromeApi): () => void {
  return api.runtime.onInstalled.subscribe(({ reason }) => {
    if (reason !== 'install') return;
    api.tabs.create({ url: api.runtime.getURL(WELCOME_PAGE), active: true }).catch((error) => {
      console.error('Waymark could not open its welcome page', error);
    });
  });
}
