import { afterEach, describe, expect, it, vi } from 'vitest';
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

  it('loads a key once for concurrent calls that miss it together', async () => {
    const cache = projectCache(fakeFeed());
    let loads = 0;
    let answer: (value: { projectId: number; n: number }) => void = () => undefined;
    const load = () => {
      loads++;
      return new Promise<{ projectId: number; n: number }>((resolve) => (answer = resolve));
    };
    const calls = [cache.get('a', load), cache.get('a', load), cache.get('a', load)];
    const other = cache.get('b', () => Promise.resolve({ projectId: 2, n: 9 }));
    answer({ projectId: 1, n: 1 });
    expect(await Promise.all(calls)).toEqual([1, 1, 1].map((n) => ({ projectId: 1, n })));
    expect(await other).toEqual({ projectId: 2, n: 9 });
    expect(loads).toBe(1);
  });

  it('does not join a load a change arrived during: the later call reads again', async () => {
    const feed = fakeFeed();
    const cache = projectCache(feed);
    const answers: ((value: { projectId: number; n: number }) => void)[] = [];
    const load = () =>
      new Promise<{ projectId: number; n: number }>((resolve) => answers.push(resolve));
    const first = cache.get('p1', load);
    feed.emit({ table: 'items', key: 1 });
    const second = cache.get('p1', load);
    expect(answers).toHaveLength(2);
    answers[0]?.({ projectId: 1, n: 1 });
    answers[1]?.({ projectId: 1, n: 2 });
    expect((await first).n).toBe(1);
    expect((await second).n).toBe(2);
    expect((await cache.get('p1', load)).n).toBe(2);
  });

  it('hands a failed load to the calls that joined it, and the next call loads again', async () => {
    const cache = projectCache(fakeFeed());
    let fail: (error: Error) => void = () => undefined;
    const failing = () =>
      new Promise<{ projectId: number; n: number }>((_, reject) => (fail = reject));
    const calls = [cache.get('a', failing), cache.get('a', failing)];
    fail(new Error('connection lost'));
    for (const call of calls) await expect(call).rejects.toThrow('connection lost');
    expect(await cache.get('a', () => Promise.resolve({ projectId: 1, n: 3 }))).toEqual({
      projectId: 1,
      n: 3,
    });
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

  it('keeps a value loaded while a change to another entry arrived', async () => {
    const feed = fakeFeed();
    const cache = projectCache(feed);
    await cache.get('p1', () => {
      feed.emit({ table: 'items', key: 2 });
      return Promise.resolve({ projectId: 1, n: 1 });
    });
    expect(cache.size).toBe(1);
    let loads = 0;
    await cache.get('p1', () => Promise.resolve({ projectId: 1, n: ++loads }));
    expect(loads).toBe(0);
  });

  it('does not keep a value loaded while everything was forgotten', async () => {
    const feed = fakeFeed();
    const cache = projectCache(feed);
    await cache.get('p1', () => {
      feed.emit({ table: 'reset', key: null });
      return Promise.resolve({ projectId: 1, n: 1 });
    });
    expect(cache.size).toBe(0);
  });

  it('keeps a value whose load failed nowhere, and the next load runs', async () => {
    const cache = projectCache(fakeFeed());
    await expect(cache.get('p1', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('p1', () => Promise.resolve({ projectId: 1, n: 2 }))).toEqual({
      projectId: 1,
      n: 2,
    });
  });
});

describe('createChangeCache with labels', () => {
  type Path = { projectId: number; pathId: number; bytes: number };
  function pathCache(feed: ChangeFeed, maxSize = 1_000) {
    return createChangeCache<string, Path>({
      feed,
      max: 100,
      maxSize,
      sizeOf: (value) => value.bytes,
      ttlMs: 60_000,
      labelsOf: (_key, value) => [`project:${value.projectId}`, `path:${value.pathId}`],
      onChange: ({ table, key }) => {
        if (table === 'items') return { label: `path:${key}` };
        if (table === 'relative_paths') return { label: `project:${key}` };
        return table === 'users' ? 'all' : 'none';
      },
    });
  }
  const path = (projectId: number, pathId: number, bytes = 10) =>
    Promise.resolve({ projectId, pathId, bytes });

  it('forgets only the entries carrying the label', async () => {
    const feed = fakeFeed();
    const cache = pathCache(feed);
    await cache.get('1|/a', () => path(1, 11));
    await cache.get('1|/b', () => path(1, 12));
    await cache.get('2|/a', () => path(2, 21));
    feed.emit({ table: 'items', key: 12 });
    expect(cache.peek('1|/b')).toBeUndefined();
    expect(cache.peek('1|/a')?.pathId).toBe(11);
    feed.emit({ table: 'relative_paths', key: 1 });
    expect(cache.peek('1|/a')).toBeUndefined();
    expect(cache.peek('2|/a')?.pathId).toBe(21);
    expect(cache.size).toBe(1);
  });

  it('does not keep a value loaded while a change to its label arrived', async () => {
    const feed = fakeFeed();
    const cache = pathCache(feed);
    await cache.get('1|/a', () => {
      feed.emit({ table: 'items', key: 11 });
      return path(1, 11);
    });
    expect(cache.size).toBe(0);
    await cache.get('1|/a', () => {
      feed.emit({ table: 'items', key: 99 });
      return path(1, 11);
    });
    expect(cache.size).toBe(1);
  });

  it('evicts by size, and an evicted entry no longer answers to its label', async () => {
    const feed = fakeFeed();
    const cache = pathCache(feed, 25);
    await cache.get('1|/a', () => path(1, 11));
    await cache.get('1|/b', () => path(1, 12));
    await cache.get('1|/c', () => path(1, 13));
    expect(cache.peek('1|/a')).toBeUndefined();
    expect(cache.size).toBe(2);
    // A value over the whole budget is answered but not kept.
    expect((await cache.get('1|/big', () => path(1, 14, 100))).bytes).toBe(100);
    expect(cache.peek('1|/big')).toBeUndefined();
    // Loaded again after eviction, then forgotten through its label as any other.
    await cache.get('1|/a', () => path(1, 11));
    feed.emit({ table: 'items', key: 11 });
    expect(cache.peek('1|/a')).toBeUndefined();
    expect(cache.peek('1|/c')?.pathId).toBe(13);
  });
});

describe('createChangeCache: expired entries', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const ttlMs = 60_000;
  function expiringCache(feed: ChangeFeed, clock: { now(): number }) {
    return createChangeCache<string, { projectId: number }>({
      feed,
      max: 10_000,
      ttlMs,
      clock,
      labelsOf: (_key, value) => [`project:${value.projectId}`],
      onChange: ({ table }) => (table === 'users' ? 'all' : 'none'),
    });
  }
  const project = (projectId: number) => () => Promise.resolve({ projectId });

  it('forgetting everything drops the expired entries too', async () => {
    // A clock of its own, real timers: the sweep's timer (60 s away) never fires in this test.
    let now = 1_000;
    const feed = fakeFeed();
    const cache = expiringCache(feed, { now: () => now });
    await cache.get('a', project(1));
    await cache.get('b', project(1));
    now += ttlMs + 1;
    // lru-cache reads its clock once a millisecond (real time): let that reading go.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await cache.get('c', project(2));
    expect(cache.size).toBe(3);
    feed.emit({ table: 'users', key: 1 });
    expect(cache.size).toBe(0);
  });

  it('drops entries when they expire, with no request touching them', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const cache = expiringCache(fakeFeed(), Date);
    await cache.get('a', project(1));
    vi.advanceTimersByTime(ttlMs / 2);
    await cache.get('b', project(1));
    vi.advanceTimersByTime(ttlMs / 2 + 10);
    expect(cache.size).toBe(1);
    expect(cache.peek('b')).toEqual({ projectId: 1 });
    vi.advanceTimersByTime(ttlMs / 2);
    expect(cache.size).toBe(0);
  });

  it('does not drop an entry kept again before its first keeping expired', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const feed = fakeFeed();
    const cache = expiringCache(feed, Date);
    await cache.get('a', project(1));
    vi.advanceTimersByTime(ttlMs / 2);
    // Forgotten (everything) and loaded again: a fresh entry under the same key.
    feed.emit({ table: 'users', key: 1 });
    await cache.get('a', project(2));
    vi.advanceTimersByTime(ttlMs / 2 + 10);
    expect(cache.peek('a')).toEqual({ projectId: 2 });
    vi.advanceTimersByTime(ttlMs / 2);
    expect(cache.size).toBe(0);
  });

  it('sweeps at most a thousand entries a turn, then yields', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const cache = expiringCache(fakeFeed(), Date);
    for (let i = 0; i < 2_500; i++) await cache.get(`k${i}`, project(1));
    vi.advanceTimersByTime(ttlMs + 1);
    expect(cache.size).toBe(1_500);
    vi.advanceTimersByTime(1);
    expect(cache.size).toBe(500);
    vi.runAllTimers();
    expect(cache.size).toBe(0);
  });
});

describe('createChangeCache when the feed is down', () => {
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
