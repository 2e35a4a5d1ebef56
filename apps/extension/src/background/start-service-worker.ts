import { createMessageListener } from '../messaging/create-message-listener';
import type { ChromeApi } from '../platform/chrome-api';
import { getActiveTab, trackActiveTab } from './active-tab';
import { openWelcomeOnInstall } from './welcome-on-install';

/**
 * Wires the service worker. Call it synchronously at start-up: an MV3 worker is stopped when
 * idle and only wakes for events whose listeners were added in its first turn.
 */
export function startServiceWorker(api: ChromeApi): void {
  api.sidePanel.openOnActionClick().catch((error) => {
    console.error('Waymark could not make the toolbar icon open the side panel', error);
  });
  openWelcomeOnInstall(api);
  trackActiveTab(api);
  api.runtime.addMessageListener(
    createMessageListener({
      getActiveTab: ({ windowId }) => getActiveTab(api, windowId),
    }),
  );
}
