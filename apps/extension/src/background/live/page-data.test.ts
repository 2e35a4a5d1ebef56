import { AppError, SERVER_UNREACHABLE_MESSAGE, type TPageItems } from '@waymark/core';
import { describe, expect, it, vi } from 'vitest';
import type { PageKey } from '../../messaging/index';
import type { OfflineCache } from './offline-cache';
import { createPageData, pageKeyId } from './page-data';
import { workerCall } from '../../test/worker-api-call';

const PAGE: PageKey = { pageUrl: 'https://shop.example.com/cart', orgId: 1, projectId: null };
const ANSWER = { projectId: 3, items: [{ itemId: 1 }] } as unknown as TPageItems;

function memoryCache(): OfflineCache & { entries: Map<string, unknown> } {
  const entries = new Map<string, unknown>();
  return {
    entries,
    read: <T>(id: string) =>
      Promise.resolve(entries.has(id) ? { value: entries.get(id) as T, savedAt: 0 } : null),
    write: (id, value) => Promise.resolve(void entries.set(id, value)),
    clear: () => Promise.resolve(entries.clear()),
  };
}

describe('page data', () => {
  it('keeps each answer and serves it, marked offline, when the server cannot be reached', async () => {
    const cache = memoryCache();
    const call = vi.fn().mockResolvedValueOnce(ANSWER);
    const pages = createPageData({
      call: workerCall(call),
      cache,
      showBadgeCount: () => Promise.resolve(),
      publish: vi.fn(),
      now: () => 1_700,
    });
    expect(await pages.load(PAGE)).toEqual({ page: ANSWER, updatedAt: 1_700, isOffline: false });
    call.mockRejectedValueOnce(new AppError('INTERNAL', SERVER_UNREACHABLE_MESSAGE));
    expect(await pages.load(PAGE)).toEqual({ page: ANSWER, updatedAt: 1_700, isOffline: true });
    expect(cache.entries.has(pageKeyId(PAGE))).toBe(true);
  });

  it('stamps an answer with the time it was asked for, not the time it arrived', async () => {
    let clock = 100;
    const call = vi.fn().mockImplementation(() => {
      clock = 900; // the server takes its time
      return Promise.resolve(ANSWER);
    });
    const pages = createPageData({
      call: workerCall(call),
      cache: memoryCache(),
      showBadgeCount: () => Promise.resolve(),
      publish: vi.fn(),
      now: () => clock,
    });
    expect((await pages.load(PAGE)).updatedAt).toBe(100);
  });

  it('does not hide a refusal behind the cache', async () => {
    const cache = memoryCache();
    cache.entries.set(pageKeyId(PAGE), { page: ANSWER, updatedAt: 1, isOffline: false });
    const refusal = new AppError('UNAUTHORIZED', 'Sign in again.');
    const pages = createPageData({
      call: workerCall(vi.fn().mockRejectedValue(refusal)),
      cache,
      showBadgeCount: () => Promise.resolve(),
      publish: vi.fn(),
      now: () => 0,
    });
    await expect(pages.load(PAGE)).rejects.toBe(refusal);
  });

  it('folds refreshes of a page asked for while one runs into one more lookup', async () => {
    let release = () => undefined as void;
    const call = vi.fn(
      () => new Promise<TPageItems>((resolve) => (release = () => resolve(ANSWER))),
    );
    const publish = vi.fn();
    const pages = createPageData({
      call: workerCall(call),
      cache: memoryCache(),
      showBadgeCount: () => Promise.resolve(),
      publish,
      now: () => 0,
    });
    const all = [pages.refresh(PAGE), pages.refresh(PAGE), pages.refresh(PAGE)];
    release();
    await vi.waitFor(() => expect(call).toHaveBeenCalledTimes(2));
    release();
    await Promise.all(all);
    expect(call).toHaveBeenCalledTimes(2);
    expect(publish).toHaveBeenCalledTimes(2);
  });
});

describe('page data kept for the panel first paint', () => {
  const deps = (cache: OfflineCache) => ({
    call: workerCall(vi.fn().mockResolvedValue(ANSWER)),
    cache,
    showBadgeCount: () => Promise.resolve(),
    publish: vi.fn(),
    now: () => 50,
  });

  it('gives the last answer without asking the server, from memory or (a new worker) the cache', async () => {
    const cache = memoryCache();
    const pages = createPageData(deps(cache));
    expect(await pages.peek(PAGE)).toBeNull();
    await pages.load(PAGE);
    const kept = { page: ANSWER, updatedAt: 50, isOffline: false };
    expect(await pages.peek(PAGE)).toEqual(kept);
    const restarted = createPageData(deps(cache));
    expect(await restarted.peek(PAGE)).toEqual(kept);
  });

  it('forgets what it held in memory (sign-out)', async () => {
    const cache = memoryCache();
    const pages = createPageData(deps(cache));
    await pages.load(PAGE);
    cache.entries.clear();
    expect(await pages.peek(PAGE)).not.toBeNull();
    pages.forget();
    expect(await pages.peek(PAGE)).toBeNull();
  });
});
