import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idpRateLimits } from '../../db/schema/identity';
import type { Clock } from './identity-deps';

/** A fixed-window limit: at most `max` attempts per `windowSeconds`. */
export type Limit = { max: number; windowSeconds: number };

/** Outcome of counting one attempt: allowed, or refused until the window ends. */
export type RateLimitResult = { isLimited: false } | { isLimited: true; retryAfterSeconds: number };

/** One counter an attempt counts against, e.g. `sign-in:ip:1.2.3.4` with its limit. */
export type Counter = { key: string; limit: Limit };

/**
 * Counts one attempt against every counter (e.g. per e-mail and per IP) in PostgreSQL, so the
 * limits hold across server processes, and refuses it when any counter is over its limit.
 */
export async function countAttempt(
  { db, clock }: { db: Db; clock: Clock },
  counters: Counter[],
): Promise<RateLimitResult> {
  const now = clock.now().getTime();
  let retryAfterSeconds = 0;
  for (const { key, limit } of counters) {
    const windowMs = limit.windowSeconds * 1000;
    const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
    const [row] = await db
      .insert(idpRateLimits)
      .values({ key, windowStart, count: 1 })
      .onConflictDoUpdate({
        target: [idpRateLimits.key, idpRateLimits.windowStart],
        set: { count: sql`${idpRateLimits.count} + 1` },
      })
      .returning({ count: idpRateLimits.count });
    if ((row?.count ?? 0) > limit.max) {
      const remaining = Math.ceil((windowStart.getTime() + windowMs - now) / 1000);
      retryAfterSeconds = Math.max(retryAfterSeconds, remaining);
    }
  }
  return retryAfterSeconds > 0 ? { isLimited: true, retryAfterSeconds } : { isLimited: false };
}

/**
 * Takes back one counted attempt (e.g. a sign-in that succeeded), so only failures use up a limit
 * while concurrent attempts are still counted up front.
 */
export async function refundAttempt(
  { db, clock }: { db: Db; clock: Clock },
  counters: Counter[],
): Promise<void> {
  const now = clock.now().getTime();
  for (const { key, limit } of counters) {
    const windowMs = limit.windowSeconds * 1000;
    const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
    await db
      .update(idpRateLimits)
      .set({ count: sql`greatest(${idpRateLimits.count} - 1, 0)` })
      .where(and(eq(idpRateLimits.key, key), eq(idpRateLimits.windowStart, windowStart)));
  }
}

/** Deletes counters of windows that ended more than a day ago. */
export async function purgeRateLimits({ db, clock }: { db: Db; clock: Clock }): Promise<void> {
  await db
    .delete(idpRateLimits)
    .where(lt(idpRateLimits.windowStart, new Date(clock.now().getTime() - 86_400_000)));
}

/** The user-facing message of a refused attempt (rounded up to whole minutes). */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}
