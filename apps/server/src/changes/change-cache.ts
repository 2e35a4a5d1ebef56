import { LRUCache } from 'lru-cache';
import type { Change, ChangeFeed } from './change-feed';
import { createExpirySweep, type Clock } from './expiry-sweep';

/**
 * What a change does to a cache: `all` forgets everything, `none` ignores it, a predicate
 * forgets the entries it selects (a scan of every entry), `{ label }` forgets the entries whose
 * `labelsOf` name that label (an index: only those entries are visited).
 */
export type ChangeEffect<K, V> =
  'all' | 'none' | ((key: K, value: V) => boolean) | { label: string };

/** Options of {@link createChangeCache}. */
export type ChangeCacheOptions<K, V> = {
  feed: ChangeFeed;
  /** Most entries kept (least recently used go first). */
  max: number;
  /** With `sizeOf`: the most total size kept (e.g. bytes), least recently used going first. */
  maxSize?: number;
  /** The size of an entry counted against `maxSize`; at least 1. */
  sizeOf?: (value: V, key: K) => number;
  /**
   * Longest an entry is trusted, in ms, even without a change (a safety net). An expired entry
   * is dropped from memory when it expires, not when it is next asked for.
   */
  ttlMs: number;
  /** The clock entries expire by; `performance` unless a test's. */
  clock?: Clock;
  /** The labels a `{ label }` effect finds an entry by (e.g. its path and its project). */
  labelsOf?: (key: K, value: V) => readonly string[];
  /** What a change does to this cache. A `reset` always forgets everything. */
  onChange(change: Change): ChangeEffect<K, V>;
  /** Whether a loaded value is kept (default: every value); one not kept is loaded again next time. */
  isKept?: (value: V) => boolean;
};

/** A cache of values derived from the database, forgotten when the rows behind them change. */
export type ChangeCache<K, V> = {
  /**
   * The cached value of `key`, or what `load` answers (then kept, unless a change arrived while
   * it loaded: the loaded value may predate it). A call for a key already loading waits for that
   * load instead of starting its own, unless a change arrived since it started. Loads every time
   * while the feed is not live.
   */
  get(key: K, load: () => Promise<V>): Promise<V>;
  /** The value kept for `key` now, without loading; undefined while the feed is not live. */
  peek(key: K): V | undefined;
  /** How many entries are kept (for tests and metrics). */
  readonly size: number;
};

/**
 * A load in flight, what the changes that arrived meanwhile would have forgotten, and the
 * loading promise calls of the same key join.
 */
type Fill<K, V> = {
  spoiled: boolean;
  selects: ((key: K, value: V) => boolean)[];
  value?: Promise<V>;
};

/**
 * Creates a cache invalidated by the change feed. Safe across server copies: every copy's cache
 * hears every committed change; and safe against a fill racing a change: a value loaded while
 * changes arrived is kept only if none of them would have forgotten it had it been kept already
 * (an `all` spoils every load in flight). Before, any change spoiled every load in flight, and
 * under a steady stream of writes to other pages almost nothing loaded was kept (issue 34).
 */
export function createChangeCache<K extends string | number, V extends object>(
  options: ChangeCacheOptions<K, V>,
): ChangeCache<K, V> {
  const { labelsOf } = options;
  const byLabel = new Map<string, Set<K>>();
  const unlabel = (key: K, value: V) => {
    for (const label of labelsOf?.(key, value) ?? []) {
      const keys = byLabel.get(label);
      keys?.delete(key);
      if (keys?.size === 0) byLabel.delete(label);
    }
  };
  const clock = options.clock ?? performance;
  const entries = new LRUCache<K, V>({
    max: options.max,
    ttl: options.ttlMs,
    perf: clock,
    ...(options.maxSize !== undefined && {
      maxSize: options.maxSize,
      sizeCalculation: (value: V, key: K) => Math.max(1, options.sizeOf?.(value, key) ?? 1),
    }),
    ...(labelsOf && { dispose: (value: V, key: K) => unlabel(key, value) }),
  });
  const expiry = createExpirySweep<K>({
    ttlMs: options.ttlMs,
    clock,
    remainingMs: (key) => entries.getRemainingTTL(key),
    expire: (key) => entries.delete(key),
  });
  const keep = (key: K, value: V) => {
    entries.set(key, value);
    // A value too large for maxSize is not kept (and not disposed): nothing to label or expire.
    if (entries.peek(key) !== value) return;
    expiry.noteKept(key);
    if (!labelsOf) return;
    for (const label of labelsOf(key, value)) {
      let keys = byLabel.get(label);
      if (!keys) byLabel.set(label, (keys = new Set()));
      keys.add(key);
    }
  };
  const fills = new Set<Fill<K, V>>();
  // Loads a later call of the same key may join (issue 34: after a start, the page lookup's 140
  // concurrent first calls all missed the same caller's sites and project's rules, and queued
  // 140 identical reads on the read pool's 4 connections).
  const joinable = new Map<K, Fill<K, V>>();
  options.feed.subscribe((change) => {
    const effect = change.table === 'reset' ? 'all' : options.onChange(change);
    if (effect === 'none') return;
    // A value loading may predate this change: a call from now on must read again. (Whether
    // the change concerns the key is known only from the loaded value; not worth waiting for.)
    joinable.clear();
    if (effect === 'all') {
      for (const fill of fills) fill.spoiled = true;
      // Entry by entry: LRUCache.clear() refills arrays of `max` slots whatever the size, which
      // under a stream of such changes cost more than the lookups they served (issue 34).
      // `keys()` skips expired entries: purgeStale() drops those first, or they would stay.
      entries.purgeStale();
      for (const key of [...entries.keys()]) entries.delete(key);
      byLabel.clear();
      expiry.clear();
      return;
    }
    if (typeof effect === 'function') {
      for (const fill of fills) fill.selects.push(effect);
      for (const [key, value] of entries.entries()) if (effect(key, value)) entries.delete(key);
      return;
    }
    const { label } = effect;
    for (const fill of fills)
      fill.selects.push((key, value) => labelsOf?.(key, value).includes(label) ?? true);
    for (const key of [...(byLabel.get(label) ?? [])]) entries.delete(key);
  });
  return {
    async get(key, load) {
      if (!options.feed.isLive) return load();
      const cached = entries.get(key);
      if (cached !== undefined) return cached;
      const loading = joinable.get(key)?.value;
      if (loading) return loading;
      const fill: Fill<K, V> = { spoiled: false, selects: [] };
      fills.add(fill);
      joinable.set(key, fill);
      let value: V;
      try {
        fill.value = load();
        value = await fill.value;
      } finally {
        fills.delete(fill);
        if (joinable.get(key) === fill) joinable.delete(key);
      }
      const forgotten = fill.spoiled || fill.selects.some((select) => select(key, value));
      if (!forgotten && options.feed.isLive && (options.isKept?.(value) ?? true)) keep(key, value);
      return value;
    },
    peek(key) {
      return options.feed.isLive ? entries.get(key) : undefined;
    },
    get size() {
      return entries.size;
    },
  };
}
