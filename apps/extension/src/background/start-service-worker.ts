import { createFreshReads } from '@waymark/core';
import { createAuthSession, type AuthDeps } from '../auth/index';
import { broadcast, createMessageListener } from '../messaging/index';
import type { ChromeApi } from '../platform/index';
import { keepServerUrl } from '../settings/index';
import { getActiveTab, getTab, trackActiveTab } from './active-tab';
import { createApiProxy, createWorkerApiCall } from './api-proxy';
import { serveAttachmentTransfers } from './attachment-transfer';
import { createBadge, trackBadge } from './badge';
import { createCapturePage } from './capture-page';
import { createCaptureRegion } from './capture-region';
import { createCaptureTab } from './capture-tab';
import { createOfflineCache } from './live/offline-cache';
import { withOfflineReads } from './live/offline-reads';
import { startDataLayer } from './live/start-data-layer';
import { createPinsRelay } from './pins-relay';
import { createEndRecording, createPrepareRecording } from './prepare-recording';
import { createCanonicalLink } from './canonical-link';
import { withUnreadBadge } from './unread-badge-relay';
import { openWelcomeOnInstall } from './welcome-on-install';
import { openWorkspaceOnCommand } from './open-workspace';

/** The worker's environment besides `chrome.*`; tests replace fetch and timers. */
export type WorkerEnvironment = Pick<AuthDeps, 'fetch' | 'now' | 'setTimer'>;

const REAL_ENVIRONMENT: WorkerEnvironment = {
  fetch: (...args) => fetch(...args),
  now: () => Date.now(),
  setTimer: (run, ms) => {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
};

/**
 * Wires the service worker. Call it synchronously at start-up: an MV3 worker is stopped when
 * idle and only wakes for events whose listeners were added in its first turn.
 */
export function startServiceWorker(
  api: ChromeApi,
  environment: WorkerEnvironment = REAL_ENVIRONMENT,
): void {
  api.sidePanel.openOnActionClick().catch((error) => {
    console.error('Waymark could not make the toolbar icon open the side panel', error);
  });
  // Tokens sit in storage.session; content scripts must not be able to read it.
  api.storage.restrictSessionToTrustedContexts().catch((error) => {
    console.error('Waymark could not restrict its session storage', error);
  });
  openWelcomeOnInstall(api);
  openWorkspaceOnCommand(api);
  trackActiveTab(api);

  const getServerUrl = keepServerUrl(api);
  const auth = createAuthSession({ api, getServerUrl, ...environment });
  const freshReads = createFreshReads();
  const proxyDeps = { api, auth, fetch: environment.fetch, getServerUrl, freshReads };
  serveAttachmentTransfers(proxyDeps);
  const badge = createBadge({ api, auth, call: createWorkerApiCall(proxyDeps) });
  trackBadge(api, auth, badge);
  const cache = createOfflineCache({ api, now: environment.now });
  startDataLayer({
    cache,
    api,
    auth,
    badge,
    call: createWorkerApiCall(proxyDeps),
    heardOfChange: () => freshReads.changed(),
    fetch: environment.fetch,
    getServerUrl,
    setTimer: environment.setTimer,
    now: environment.now,
  });
  auth.onChange((session) => {
    void broadcast((message) => api.runtime.sendMessage(message), 'sessionChanged', session);
  });

  api.runtime.addMessageListener(
    createMessageListener({
      ...createPinsRelay(api),
      getCanonicalLink: createCanonicalLink(api),
      getActiveTab: ({ windowId }) => getActiveTab(api, windowId),
      getTab: ({ tabId }) => getTab(api, tabId),
      getSession: () => auth.getSession(),
      signIn: (payload) => auth.signIn(payload),
      signOut: () => auth.signOut(),
      callApi: withUnreadBadge(withOfflineReads(createApiProxy(proxyDeps), cache), badge),
      captureTab: createCaptureTab(api),
      captureRegion: createCaptureRegion(api),
      capturePage: createCapturePage(api),
      prepareRecording: createPrepareRecording(api),
      endRecording: createEndRecording(api),
    }),
  );
}
