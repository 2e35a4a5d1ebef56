import type { TLiveChange } from '@waymark/core';
import type {
  LIVE_PORT,
  LivePortAnswer,
  LiveState,
  PageKey,
  WorkerEnd,
} from '../../messaging/index';
import type { LiveConnection, LiveHandlers } from './live-connection';
import { pageKeyId, type PageData } from './page-data';

/** The live event topic of the user's own new notifications (issue 27). */
const INBOX_TOPIC = 'inbox_entries';

/** What the owner needs. */
export type DataChangeOwnerDeps = {
  pageData: PageData;
  openConnection: (projectId: number, handlers: LiveHandlers) => LiveConnection;
  setTimer: (run: () => void, ms: number) => () => void;
  now: () => number;
  /** Tells every extension page that items changed (their detail views reload). */
  publishItems: (itemIds: number[] | null) => void;
  publishState: (projectId: number, state: LiveState) => void;
  /** Tells every extension page that the user has new notifications (issue 27). */
  publishInbox?: () => void;
  /**
   * Data changed (a live event, a panel's report, a stream back): the next lookup asks the
   * server for a fresh answer, whichever server copy the event came from (decision 0070).
   */
  heardOfChange?: () => void;
};

/** The service worker's one owner of "data changed" (issue 16). */
export type DataChangeOwner = {
  /** Takes a side panel's live port: what it watches, for as long as it stays open. */
  attach(port: LivePort): void;
  /** A panel (by its document) changed data: refetch its page once and tell every page. */
  reportChange(documentId: string | undefined, itemIds: number[]): void;
  /** Drops every stream (sign-out) and opens those still watched (sign-in). */
  restart(): void;
};

/** Events of one project arriving this close together cost one refetch per page. */
const FOLD_MS = 40;
/** How long a reported edit waits for its own live event before refetching anyway. */
const ECHO_WAIT_MS = 1_500;
/**
 * How long a stream nobody watches is kept: a panel that navigates drops its watch and watches
 * the next page's project once that page's lookup answers, so a stream stopped at once would be
 * reopened (and a page asked for again) at every navigation within a project.
 */
const STREAM_LINGER_MS = 5_000;

/** The worker's end of a panel's live port (already checked to come from a panel). */
type LivePort = WorkerEnd<typeof LIVE_PORT>;

type Watch = { documentId: string | undefined; page: PageKey | null; projectId: number | null };

/**
 * Pages report mutations here and live events arrive here; both end in one refetch per page
 * through `pageData.refresh`, which sets the badge and tells every page. While a project's stream
 * is live, an edit's own event drives that refetch (so an edit costs one lookup, not two); the
 * report refetches by itself only when the stream is down or its event is late.
 */
export function createDataChangeOwner(deps: DataChangeOwnerDeps): DataChangeOwner {
  const watches = new Map<LivePort, Watch>();
  const connections = new Map<number, LiveConnection>();
  const wasLive = new Set<number>();
  const folds = new Map<number, { paths: Set<number | null>; itemIds: Set<number> }>();
  const awaitingEcho = new Map<string, () => void>();
  /** When a live event last named each item: an edit whose event came first needs no refetch. */
  const echoedAt = new Map<number, number>();
  /** When a live event of each project last arrived. */
  const lastEventAt = new Map<number, number>();
  const lingering = new Map<number, () => void>();

  const pagesOf = (projectId: number) => {
    const pages = new Map<string, PageKey>();
    for (const watch of watches.values())
      if (watch.projectId === projectId && watch.page) pages.set(pageKeyId(watch.page), watch.page);
    return [...pages.values()];
  };
  const refresh = (page: PageKey) => {
    const id = pageKeyId(page);
    awaitingEcho.get(id)?.();
    awaitingEcho.delete(id);
    deps.heardOfChange?.();
    void deps.pageData.refresh(page).catch(() => undefined);
  };

  const flush = (projectId: number) => {
    const fold = folds.get(projectId);
    folds.delete(projectId);
    if (!fold) return;
    const now = deps.now();
    for (const [itemId, at] of echoedAt) if (now - at > ECHO_WAIT_MS) echoedAt.delete(itemId);
    fold.itemIds.forEach((itemId) => echoedAt.set(itemId, now));
    deps.publishItems([...fold.itemIds]);
    // Every watched page of the project: a change may move an item between pages or rename them.
    pagesOf(projectId).forEach(refresh);
  };
  const onChange = (projectId: number, change: TLiveChange) => {
    lastEventAt.set(projectId, deps.now());
    // A notification for this user: the inbox reloads; no page shows it.
    if (change.topic === INBOX_TOPIC) return deps.publishInbox?.();
    let fold = folds.get(projectId);
    if (!fold) {
      fold = { paths: new Set(), itemIds: new Set() };
      folds.set(projectId, fold);
      deps.setTimer(() => flush(projectId), FOLD_MS);
    }
    fold.paths.add(change.relativePathId);
    if (change.itemId !== null) fold.itemIds.add(change.itemId);
  };

  // A first stream starts without a resume point: it carries what commits after the server
  // joined it, so a change between a page's lookup and that moment would never arrive. Pages
  // asked for before the stream went live are asked once more; those asked since need nothing.
  const refreshReadBefore = (projectId: number, liveAt: number) => {
    for (const page of pagesOf(projectId)) refreshIfAskedBefore(page, liveAt);
  };
  /** Refreshes `page` unless its kept answer was asked for after `since`. */
  const refreshIfAskedBefore = (page: PageKey, since: number) => {
    void deps.pageData
      .peek(page)
      .catch(() => null)
      .then((kept) => {
        if (!kept || kept.updatedAt <= since) refresh(page);
      });
  };
  const stopConnection = (projectId: number) => {
    connections.get(projectId)?.stop();
    connections.delete(projectId);
    wasLive.delete(projectId);
    lastEventAt.delete(projectId);
  };

  const syncConnections = () => {
    const wanted = new Set<number>();
    for (const watch of watches.values()) if (watch.projectId !== null) wanted.add(watch.projectId);
    for (const projectId of connections.keys())
      if (!wanted.has(projectId) && !lingering.has(projectId))
        lingering.set(
          projectId,
          deps.setTimer(() => {
            lingering.delete(projectId);
            stopConnection(projectId);
          }, STREAM_LINGER_MS),
        );
    for (const projectId of wanted) {
      lingering.get(projectId)?.();
      lingering.delete(projectId);
      if (connections.has(projectId)) continue;
      connections.set(
        projectId,
        deps.openConnection(projectId, {
          onChange: (change) => onChange(projectId, change),
          onResync: () => {
            deps.publishItems(null);
            pagesOf(projectId).forEach(refresh);
          },
          // A project deleted (or access taken) after its page was read: read the page again,
          // fresh, or it keeps showing a project that is no more (decision 0070).
          onGone: () => pagesOf(projectId).forEach(refresh),
          onState: (state) => {
            deps.publishState(projectId, state);
            if (state !== 'live') return;
            // Back after a drop: whatever the catch-up held, make sure no page stays stale or offline.
            if (wasLive.has(projectId)) pagesOf(projectId).forEach(refresh);
            else refreshReadBefore(projectId, deps.now());
            wasLive.add(projectId);
          },
        }),
      );
    }
  };

  return {
    attach(port) {
      watches.set(port, { documentId: port.sender?.documentId, page: null, projectId: null });
      port.onMessage((message) => {
        if (message.type !== 'watch') return;
        watches.set(port, {
          documentId: port.sender?.documentId,
          page: message.page,
          projectId: message.projectId,
        });
        syncConnections();
        // Later changes of the state are broadcast (publishState); a panel starting to watch
        // a stream that is already live learns its state here.
        const connection =
          message.projectId === null ? undefined : connections.get(message.projectId);
        if (connection && message.projectId !== null) {
          // A stream already live carries only what commits from now on: a change that came
          // while this page was being looked up (and no panel watched it) is asked for again.
          const eventAt = lastEventAt.get(message.projectId);
          if (eventAt !== undefined && message.page) refreshIfAskedBefore(message.page, eventAt);
          const answer: LivePortAnswer = {
            type: 'liveState',
            projectId: message.projectId,
            state: connection.state,
          };
          try {
            port.post(answer);
          } catch {
            // The panel went away meanwhile; its disconnect ends the watch.
          }
        }
      });
      port.onDisconnect(() => {
        watches.delete(port);
        syncConnections();
      });
    },
    reportChange(documentId, itemIds) {
      const watch = [...watches.values()].find((candidate) => candidate.documentId === documentId);
      if (!watch?.page) return;
      const { page } = watch;
      const connection = watch.projectId === null ? undefined : connections.get(watch.projectId);
      const refreshNow = () => {
        if (itemIds.length > 0) deps.publishItems(itemIds);
        refresh(page);
      };
      if (connection?.state !== 'live' || itemIds.length === 0) return refreshNow();
      // The edit's own event may have come first: its refetch started after the commit.
      const now = deps.now();
      if (itemIds.every((itemId) => now - (echoedAt.get(itemId) ?? -Infinity) <= ECHO_WAIT_MS))
        return;
      const id = pageKeyId(page);
      if (awaitingEcho.has(id)) return;
      awaitingEcho.set(
        id,
        deps.setTimer(() => {
          awaitingEcho.delete(id);
          refreshNow();
        }, ECHO_WAIT_MS),
      );
    },
    restart() {
      for (const cancel of lingering.values()) cancel();
      lingering.clear();
      [...connections.keys()].forEach(stopConnection);
      syncConnections();
    },
  };
}
