import type { AuthSession } from '../../auth/index';
import { broadcast, createMessageListener, LIVE_PORT, servePort } from '../../messaging/index';
import type { ChromeApi } from '../../platform/index';
import type { WorkerApiCall } from '../api-proxy';
import type { Badge } from '../badge';
import { pagesOnly } from '../pages-only';
import { createDataChangeOwner } from './data-change-owner';
import { openLiveConnection, type LiveConnectionDeps } from './live-connection';
import type { OfflineCache } from './offline-cache';
import { createPageData } from './page-data';
import { createPanelStart } from './panel-start';

/** What the data layer needs from the worker. */
export type DataLayerDeps = Omit<LiveConnectionDeps, 'getAccessToken'> & {
  api: ChromeApi;
  auth: AuthSession;
  call: WorkerApiCall;
  badge: Badge;
  /** The offline cache (shared with the `callApi` proxy's offline reads). */
  cache: OfflineCache;
  now: () => number;
  /** Marks that data changed, for read-your-writes (the worker's FreshReads). */
  heardOfChange: () => void;
};

/**
 * Wires the worker's data layer (docs/live-updates.md): `loadPage` and `reportChange` messages,
 * side panels' live ports, the live streams they keep open, the offline cache and its clearing
 * at sign-out. Call synchronously at start-up, like every listener of an MV3 worker.
 */
export function startDataLayer(deps: DataLayerDeps): void {
  const { api, auth } = deps;
  const send = (message: unknown) => api.runtime.sendMessage(message);
  const { cache } = deps;
  const pageData = createPageData({
    call: deps.call,
    cache,
    now: deps.now,
    showBadgeCount: (pageUrl, count) => deps.badge.showCount(pageUrl, count),
    publish: (page, snapshot) => void broadcast(send, 'pageDataChanged', { page, snapshot }),
  });
  const owner = createDataChangeOwner({
    pageData,
    now: deps.now,
    heardOfChange: deps.heardOfChange,
    setTimer: deps.setTimer,
    openConnection: (projectId, handlers) =>
      openLiveConnection(
        { ...deps, getAccessToken: () => auth.getAccessToken() },
        projectId,
        handlers,
      ),
    publishItems: (itemIds) => void broadcast(send, 'itemsChanged', { itemIds }),
    publishState: (projectId, state) =>
      void broadcast(send, 'liveStateChanged', { projectId, state }),
    publishInbox: () => {
      void broadcast(send, 'inboxChanged', {});
      void deps.badge.refreshUnread();
    },
  });
  // The live port is guarded like every port: a content script's port is closed unanswered.
  servePort(api, LIVE_PORT, (port) => owner.attach(port));
  auth.onChange((session) => {
    // Nothing kept after sign-out: the cache's entries and its key go (spec: offline read).
    if (!session.signedIn) {
      pageData.forget();
      void cache.clear();
    }
    owner.restart();
  });
  // Like callApi: only the extension's own pages may read or trigger page data.
  const refusal = 'Only Waymark pages may read Waymark data.';
  api.runtime.addMessageListener(
    createMessageListener({
      getPanelStart: pagesOnly(api, refusal, createPanelStart({ api, auth, cache, pageData })),
      loadPage: pagesOnly(api, refusal, (page) => pageData.load(page)),
      reportChange: pagesOnly(api, refusal, ({ itemIds }, sender) =>
        owner.reportChange(sender.documentId, itemIds ?? []),
      ),
    }),
  );
}
