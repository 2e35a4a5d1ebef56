import type { ChangeFeed, ChangeListener } from '../../src/changes/change-feed';

/** A change feed whose deliveries lag, and how often its barrier was asked for. */
export type DelayedChangeFeed = ChangeFeed & {
  /** How many times `sync()` was called (the fresh-read barrier's cost). */
  readonly syncCalls: number;
};

/**
 * Wraps `feed` so every change reaches the listeners `delayMs` after the database delivered it,
 * in order — what a loaded machine does to LISTEN/NOTIFY. `sync()` keeps its meaning: it resolves
 * once every change committed before the call has reached the listeners.
 */
export function delayChangeFeed(feed: ChangeFeed, delayMs: number): DelayedChangeFeed {
  const listeners = new Set<ChangeListener>();
  let delivered = Promise.resolve();
  let syncCalls = 0;
  feed.subscribe((change) => {
    const dueAt = Date.now() + delayMs;
    delivered = delivered
      .then(() => new Promise((resolve) => setTimeout(resolve, Math.max(0, dueAt - Date.now()))))
      .then(() => listeners.forEach((listener) => listener(change)));
  });
  return {
    get isLive() {
      return feed.isLive;
    },
    get syncCalls() {
      return syncCalls;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async sync() {
      syncCalls++;
      await feed.sync();
      await delivered;
    },
    start: () => feed.start(),
    stop: () => feed.stop(),
  };
}
