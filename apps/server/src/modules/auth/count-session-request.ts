import { LRUCache } from 'lru-cache';
import type { SessionRateLimitConfig } from '../../config';
import type { RateVerdict } from '../tokens/index';

/**
 * Counts a signed-in user's request for `cost` (default 1): null within the limit (a session's
 * answers then carry no headers), the refusal's verdict past it.
 */
export type CountSessionRequest = (userId: number, cost?: number) => RateVerdict | null;

/** Users whose window one copy remembers (an entry is a few dozen bytes). */
const MAX_USERS = 50_000;

type UserWindow = { startMs: number; count: number };

/**
 * The request limit of signed-in sessions (decision 0134): a fixed window per user, counted in
 * this copy's memory so the hot path gains no database round trip; each server copy limits on its
 * own. A user evicted from the bounded map starts a fresh window, which only ever lets one
 * through, and it takes {@link MAX_USERS} users active at once to evict anyone. A refusal's
 * headers are those of the token limits (`rate-verdict.ts`), built only for a refusal: this runs
 * on every signed-in call (issue 34's hot path).
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
    if (window.count <= perUser) return null;
    const resetSeconds = Math.max(1, Math.ceil((startMs + windowMs - nowMs) / 1000));
    const headers = {
      'RateLimit-Policy': policy,
      RateLimit: `"user";r=0;t=${resetSeconds}`,
      'Retry-After': String(resetSeconds),
    };
    return { headers, isLimited: true };
  };
}
