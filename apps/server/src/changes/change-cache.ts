import { LRUCache } from 'lru-cache';
import type { Change, ChangeFeed } from './change-feed';

/** Options of {@link createChangeCache}. */
export type ChangeCacheOptions<K, V> = {
  feed: ChangeFeed;
  /** Most entries kept (least recently used go first). */
  max: number;
  /** Longest an entry is trusted, in ms, even without a change (a safety net). */
  ttlMs: number;
  /**
   * What a change does to this cache: `all` forgets everything, a predicate forgets the entries
   * it selects, `none` ignores it. A `reset` always forgets everything.
   */
  onChange(change: Change): 'all' | 'none' | ((key: K, value: V) => boolean);
};

/** A cache of values derived from the database, forgotten when the rows behind them change. */
export type ChangeCache<K, V> = {
  /**
   * The cached value of `key`, or what `load` answers (then kept, unless a change arrived while
   * it loaded: the loaded value may predate it). Loads every time while the feed is not live.
   */
  get(key: K, load: () => Promise<V>): Promise<V>;
  /** The value kept for `key` now, without loading; undefined while the feed is not live. */
  peek(key: K): V | undefined;
  /** How many entries are kept (for tests and metrics). */
  readonly size: number;
};

/**
 * Creates a cache invalidated by the change feed. Safe across server copies: every copy's cache
 * hears every committed change; and safe against a fill racing a change, through a generation
 * counter bumped by every invalidation.
 */
export function createChangeCache<K extends string | number, V extends object>(
  options: ChangeCacheOptions<K, V>,
): ChangeCache<K, V> {
  const entries = new LRUCache<K, V>({ max: options.max, ttl: options.ttlMs });
  let generation = 0;
  options.feed.subscribe((change) => {
    const effect = change.table === 'reset' ? 'all' : options.onChange(change);
    if (effect === 'none') return;
    generation++;
    if (effect === 'all') return entries.clear();
    for (const [key, value] of entries.entries()) if (effect(key, value)) entries.delete(key);
  });
  return {
    async get(key, load) {
      if (!options.feed.isLive) return load();
      const cached = entries.get(key);
      if (cached !== undefined) return cached;
      const startedAt = generation;
      const value = await load();
      if (generation === startedAt && options.feed.isLive) entries.set(key, value);
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
