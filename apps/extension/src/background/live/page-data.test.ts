import { AppError, SERVER_UNREACHABLE_MESSAGE, type TPageItems } from '@waymark/core';
import { describe, expect, it, vi } from 'vitest';
import type { PageKey } from '../../messaging/index';
import type { OfflineCache } from './offline-cache';
import { createPageData, pageKeyId } from './page-data';

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
      call,
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

  it('does not hide a refusal behind the cache', async () => {
    const cache = memoryCache();
    cache.entries.set(pageKeyId(PAGE), { page: ANSWER, updatedAt: 1, isOffline: false });
    const refusal = new AppError('UNAUTHORIZED', 'Sign in again.');
    const pages = createPageData({
      call: vi.fn().mockRejectedValue(refusal),
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
      call,
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
