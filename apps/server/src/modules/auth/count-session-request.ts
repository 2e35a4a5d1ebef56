import { LRUCache } from 'lru-cache';
import type { SessionRateLimitConfig } from '../../config';
import type { RateVerdict } from '../tokens/index';

/** Counts a signed-in user's request for `cost` (default 1) and gives the verdict. */
export type CountSessionRequest = (userId: number, cost?: number) => RateVerdict;

/** Users whose window one copy remembers (an entry is a few dozen bytes). */
const MAX_USERS = 50_000;

type UserWindow = { startMs: number; count: number };

/**
 * The request limit of signed-in sessions (decision 0134): a fixed window per user, counted in
 * this copy's memory so the hot path gains no database round trip; each server copy limits on its
 * own. A user evicted from the bounded map starts a fresh window, which only ever lets one
 * through, and it takes {@link MAX_USERS} users active at once to evict anyone. The headers are
 * those of the token limits (`rate-verdict.ts`), built here without its lists: this runs on every
 * signed-in call (issue 34's hot path).
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
  const { perUser, windowSeconds } = limits;
  const windowMs = windowSeconds * 1000;
  const policy = `"user";q=${perUser};w=${windowSeconds}`;
  const windows = new LRUCache<number, UserWindow>({ max: MAX_USERS });
  return (userId, cost = 1) => {
    const nowMs = now();
    const startMs = nowMs - (nowMs % windowMs);
    let window = windows.get(userId);
    if (window?.startMs !== startMs) {
      window = { startMs, count: 0 };
      windows.set(userId, window);
    }
    window.count += cost;
    const resetSeconds = Math.max(1, Math.ceil((startMs + windowMs - nowMs) / 1000));
    const remaining = perUser - window.count;
    const rateLimit = `"user";r=${remaining > 0 ? remaining : 0};t=${resetSeconds}`;
    if (remaining >= 0)
      return { headers: { 'RateLimit-Policy': policy, RateLimit: rateLimit }, isLimited: false };
    const headers = { 'RateLimit-Policy': policy, RateLimit: rateLimit };
    return { headers: { ...headers, 'Retry-After': String(resetSeconds) }, isLimited: true };
  };
}
