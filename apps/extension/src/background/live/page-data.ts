import { isAppError, routes, SERVER_UNREACHABLE_MESSAGE } from '@waymark/core';
import type { PageKey, PageSnapshot } from '../../messaging/index';
import type { WorkerApiCall } from '../api-proxy';
import type { OfflineCache } from './offline-cache';

/** A page key as one string (cache entry, in-flight map). */
export function pageKeyId({ pageUrl, orgId, projectId }: PageKey): string {
  return JSON.stringify([pageUrl, orgId, projectId]);
}

/** How many pages' last answers the worker holds in memory for the panel's first paint. */
const LATEST_KEPT = 50;

/** What the page data needs. */
export type PageDataDeps = {
  call: WorkerApiCall;
  cache: OfflineCache;
  /** Sets the badge of every tab showing `pageUrl` to `count` items. */
  showBadgeCount: (pageUrl: string, count: number) => Promise<void>;
  /** Tells every extension page about a new answer. */
  publish: (page: PageKey, snapshot: PageSnapshot) => void;
  now: () => number;
};

/** The worker's page lookups: the one place a page's items are fetched from. */
export type PageData = {
  /** Fetches a page (or reads it from the offline cache without network). */
  load(page: PageKey): Promise<PageSnapshot>;
  /**
   * The last answer of a page without asking the server: this worker's own, else the offline
   * cache's (a restarted worker); null when neither has one.
   */
  peek(page: PageKey): Promise<PageSnapshot | null>;
  /** Drops the answers held in memory (sign-out; the offline cache is cleared on its own). */
  forget(): void;
  /**
   * Fetches a page again and tells every extension page. Calls for the same page while one is
   * running share one more fetch after it, never one each.
   */
  refresh(page: PageKey): Promise<void>;
};

/** Creates the page data of the worker. */
export function createPageData(deps: PageDataDeps): PageData {
  const running = new Map<string, { done: Promise<void>; isAgainNeeded: boolean }>();
  const latest = new Map<string, PageSnapshot>();

  const load = async (page: PageKey): Promise<PageSnapshot> => {
    const id = pageKeyId(page);
    // Stamped when asked, not when answered: an answer asked for after an edit knows of it,
    // so the later-asked of two answers is the fresher one, whichever arrives first.
    const askedAt = deps.now();
    try {
      const answer = await deps.call(routes.getPageItems, {
        query: {
          pageUrl: page.pageUrl,
          ...(page.orgId > 0 && { orgId: String(page.orgId) }),
          ...(page.projectId !== null && { projectId: String(page.projectId) }),
        },
      });
      const snapshot: PageSnapshot = { page: answer, updatedAt: askedAt, isOffline: false };
      latest.delete(id);
      latest.set(id, snapshot);
      // The oldest page goes first: a long-lived worker keeps the pages of the last while only.
      if (latest.size > LATEST_KEPT) latest.delete(latest.keys().next().value!);
      await Promise.all([
        deps.cache.write(id, snapshot).catch(() => undefined),
        deps.showBadgeCount(page.pageUrl, answer.items.length),
      ]);
      return snapshot;
    } catch (error) {
      if (!isUnreachable(error)) throw error;
      const kept = await deps.cache.read<PageSnapshot>(id);
      if (!kept) throw error;
      return { ...kept.value, isOffline: true };
    }
  };

  const refresh = (page: PageKey): Promise<void> => {
    const id = pageKeyId(page);
    const current = running.get(id);
    if (current) {
      current.isAgainNeeded = true;
      return current.done;
    }
    const entry = { done: Promise.resolve(), isAgainNeeded: false };
    entry.done = (async () => {
      try {
        do {
          entry.isAgainNeeded = false;
          deps.publish(page, await load(page));
        } while (entry.isAgainNeeded);
      } finally {
        running.delete(id);
      }
    })();
    running.set(id, entry);
    return entry.done;
  };

  const peek = async (page: PageKey): Promise<PageSnapshot | null> => {
    const id = pageKeyId(page);
    const kept = latest.get(id) ?? (await deps.cache.read<PageSnapshot>(id))?.value ?? null;
    return kept && { ...kept, isOffline: false };
  };

  return { load, peek, refresh, forget: () => latest.clear() };
}

/** True for a call that never reached the server. */
export function isUnreachable(error: unknown): boolean {
  return (
    isAppError(error) && error.code === 'INTERNAL' && error.message === SERVER_UNREACHABLE_MESSAGE
  );
}
