import { describe, expect, it } from 'vitest';
import { createChangeCache } from './change-cache';
import { parseChange, type ChangeFeed } from './change-feed';
import { createFakeChangeFeed as fakeFeed } from '../testing/fake-change-feed';

function projectCache(feed: ChangeFeed) {
  return createChangeCache<string, { projectId: number; n: number }>({
    feed,
    max: 10,
    ttlMs: 60_000,
    onChange: ({ table, key }) =>
      table === 'items' ? (_key, value) => value.projectId === key : 'none',
  });
}

describe('createChangeCache', () => {
  it('loads once, then answers from memory', async () => {
    const cache = projectCache(fakeFeed());
    let loads = 0;
    const load = () => Promise.resolve({ projectId: 1, n: ++loads });
    expect(await cache.get('a', load)).toEqual({ projectId: 1, n: 1 });
    expect(await cache.get('a', load)).toEqual({ projectId: 1, n: 1 });
    expect(loads).toBe(1);
  });

  it('forgets only the entries a change selects', async () => {
    const feed = fakeFeed();
    const cache = projectCache(feed);
    await cache.get('p1', () => Promise.resolve({ projectId: 1, n: 1 }));
    await cache.get('p2', () => Promise.resolve({ projectId: 2, n: 1 }));
    feed.emit({ table: 'items', key: 1 });
    expect(await cache.get('p1', () => Promise.resolve({ projectId: 1, n: 2 }))).toEqual({
      projectId: 1,
      n: 2,
    });
    expect(await cache.get('p2', () => Promise.resolve({ projectId: 2, n: 2 }))).toEqual({
      projectId: 2,
      n: 1,
    });
    feed.emit({ table: 'users', key: 7 });
    expect(cache.size).toBe(2);
    feed.emit({ table: 'reset', key: null });
    expect(cache.size).toBe(0);
  });

  it('does not keep a value loaded while a change arrived (it may predate the change)', async () => {
    const feed = fakeFeed();
    const cache = projectCache(feed);
    const stale = await cache.get('p1', () => {
      feed.emit({ table: 'items', key: 1 });
      return Promise.resolve({ projectId: 1, n: 1 });
    });
    expect(stale.n).toBe(1);
    expect(cache.size).toBe(0);
  });

  it('always loads while the feed is not live', async () => {
    const feed = fakeFeed(false);
    const cache = projectCache(feed);
    let loads = 0;
    const load = () => Promise.resolve({ projectId: 1, n: ++loads });
    await cache.get('a', load);
    await cache.get('a', load);
    expect(loads).toBe(2);
    expect(cache.size).toBe(0);
  });
});

describe('parseChange', () => {
  it('reads table and key, and refuses anything else', () => {
    expect(parseChange('items:42')).toEqual({ table: 'items', key: 42 });
    expect(parseChange('item_tags:')).toEqual({ table: 'item_tags', key: null });
    expect(parseChange('Items:1')).toBeNull();
    expect(parseChange('items;drop')).toBeNull();
  });
});
