import type { Change, ChangeFeed, ChangeListener } from '../changes/change-feed';

/** A change feed for unit tests: `emit` delivers a change to every subscriber at once. */
export type FakeChangeFeed = ChangeFeed & { emit(change: Change): void; isLive: boolean };

/** Creates a {@link FakeChangeFeed}, live unless `isLive` is false. */
export function createFakeChangeFeed(isLive = true): FakeChangeFeed {
  const listeners = new Set<ChangeListener>();
  return {
    isLive,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(change) {
      for (const listener of listeners) listener(change);
    },
    sync: () => Promise.resolve(),
    start: () => Promise.resolve(),
    stop: () => Promise.resolve(),
  };
}
