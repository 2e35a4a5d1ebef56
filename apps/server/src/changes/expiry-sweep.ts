/** A clock in milliseconds, as `performance` (the default) or a test's. */
export type Clock = { now(): number };

/** Options of {@link createExpirySweep}. */
export type ExpirySweepOptions<K> = {
  /** How long after it is kept an entry expires (the same for every entry). */
  ttlMs: number;
  clock: Clock;
  /** Ms left before `key`'s entry expires now: ≤ 0 when expired or gone. */
  remainingMs(key: K): number;
  /** Drops `key`'s entry (expired, or already gone). */
  expire(key: K): void;
  /** Most entries looked at in one turn of the event loop. */
  batch?: number;
};

/** Drops a cache's entries when they expire, without waiting for a request to touch them. */
export type ExpirySweep<K> = {
  /** Records that `key` was kept now: it expires `ttlMs` from now unless kept again. */
  noteKept(key: K): void;
  /** Forgets every record (the cache was emptied). */
  clear(): void;
};

const DEFAULT_BATCH = 1_000;

/**
 * Creates a sweep that drops expired entries in the order they expire. lru-cache only drops an
 * expired entry when a `get` touches it or it reaches the least recently used end: the rest keep
 * their memory (and their share of `maxSize`) however long nobody asks. Its own `ttlAutopurge`
 * arms a timer per entry, and its `purgeStale()` scans every entry; with one TTL per cache,
 * expiry order is keeping order, so a queue of keys and one timer for its head cost O(1) per
 * entry kept, and each turn looks at `batch` records at most (decision 0088).
 */
export function createExpirySweep<K>(options: ExpirySweepOptions<K>): ExpirySweep<K> {
  const { ttlMs, clock, batch = DEFAULT_BATCH } = options;
  let keys: (K | undefined)[] = [];
  let dues: number[] = [];
  let head = 0;
  let timer: NodeJS.Timeout | undefined;

  const push = (key: K, due: number) => {
    keys.push(key);
    dues.push(due);
  };
  const compact = () => {
    if (head < 1_024 || head * 2 < keys.length) return;
    keys = keys.slice(head);
    dues = dues.slice(head);
    head = 0;
  };
  const arm = () => {
    if (timer || head >= keys.length) return;
    const delay = Math.max(0, dues[head]! - clock.now());
    // +1: lru-cache calls an entry expired only once its age is past the TTL.
    timer = setTimeout(sweep, delay + 1);
    // A cache's housekeeping never keeps the process alive.
    timer.unref();
  };
  const sweep = () => {
    timer = undefined;
    const now = clock.now();
    for (let seen = 0; seen < batch && head < keys.length && dues[head]! <= now; seen++) {
      const key = keys[head] as K;
      keys[head++] = undefined;
      const remaining = options.remainingMs(key);
      // Kept again since (or lru-cache's clock, read once a millisecond, lags): look again then.
      if (remaining > 0) {
        if (Number.isFinite(remaining)) push(key, now + remaining);
      } else options.expire(key);
    }
    compact();
    arm();
  };

  return {
    noteKept(key) {
      push(key, clock.now() + ttlMs);
      arm();
    },
    clear() {
      clearTimeout(timer);
      timer = undefined;
      keys = [];
      dues = [];
      head = 0;
    },
  };
}
