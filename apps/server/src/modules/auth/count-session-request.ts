import { LRUCache } from 'lru-cache';
import type { SessionRateLimitConfig } from '../../config';
import { rateVerdict, type RateVerdict } from '../tokens/index';

/** Counts a signed-in user's request for `cost` (default 1) and gives the verdict. */
export type CountSessionRequest = (userId: number, cost?: number) => RateVerdict;

/** Users whose window one copy remembers (an entry is a few dozen bytes). */
const MAX_USERS = 50_000;

type UserWindow = { startMs: number; count: number };

/**
 * The request limit of signed-in sessions (decision 0134): a fixed window per user, counted in
 * this copy's memory so the hot path gains no database round trip; each server copy limits on its
 * own. A user evicted from the bounded map starts a fresh window, which only ever lets one
 * through, and it takes {@link MAX_USERS} users active at once to evict anyone.
 *
 * @param now the time in milliseconds; the authenticator passes `Date.now`, as token limits use.
 */
export function createSessionRequestCounter({
  limits,
  now,
}: {
  limits: SessionRateLimitConfig;
  now: () => number;
}): CountSessionRequest {
  const windowMs = limits.windowSeconds * 1000;
  const windows = new LRUCache<number, UserWindow>({ max: MAX_USERS });
  return (userId, cost = 1) => {
    const nowMs = now();
    const startMs = Math.floor(nowMs / windowMs) * windowMs;
    let window = windows.get(userId);
    if (window?.startMs !== startMs) {
      window = { startMs, count: 0 };
      windows.set(userId, window);
    }
    window.count += cost;
    return rateVerdict([{ name: 'user', quota: limits.perUser, count: window.count }], {
      seconds: limits.windowSeconds,
      startMs,
      nowMs,
    });
  };
}
