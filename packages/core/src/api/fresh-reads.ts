/**
 * The request header that asks the server for an answer that knows of every change committed
 * before the request (the server then waits for its change feed to catch up before reading any
 * cache, decision 0070). RFC 9111's request `no-cache`: "do not answer from a stored copy".
 */
export const FRESH_READ_HEADER = { name: 'cache-control', value: 'no-cache' } as const;

/** One request as {@link FreshReads} sees it. */
export type FreshReadTicket = {
  /** True when the request must carry {@link FRESH_READ_HEADER}. */
  readonly isFresh: boolean;
  /** Call when the server answered (any status): its caches had caught up by then. */
  answered(): void;
};

/**
 * Read-your-writes for one client (decision 0070): after a change the client made or was told
 * about, its next requests ask for a fresh answer until one of them has been answered. Shared by
 * every API client of one app (the extension's worker makes a client per call).
 */
export type FreshReads = {
  /** Data changed: requests started from now on ask for a fresh answer until one is answered. */
  changed(): void;
  /** Starts a request: whether it must ask for a fresh answer, and how to report its answer. */
  begin(): FreshReadTicket;
};

/**
 * Creates a client's read-your-writes tracker. It starts as after a change: a restarted worker or
 * a reloaded portal does not know what it changed just before, so its first request asks.
 */
export function createFreshReads(): FreshReads {
  // Changes are numbered; `answeredThrough` is the newest change a fresh answer already knew of.
  let lastChange = 1;
  let answeredThrough = 0;
  return {
    changed() {
      lastChange++;
    },
    begin() {
      const knownChange = lastChange;
      const isFresh = knownChange > answeredThrough;
      return {
        isFresh,
        answered() {
          if (isFresh) answeredThrough = Math.max(answeredThrough, knownChange);
        },
      };
    },
  };
}
