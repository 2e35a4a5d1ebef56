import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idpRateLimits } from '../../db/schema/identity';
import type { Clock } from './identity-deps';

/** A fixed-window limit: at most `max` attempts per `windowSeconds`. */
export type Limit = { max: number; windowSeconds: number };

/** Outcome of counting one attempt: allowed, or refused until the window ends. */
export type RateLimitResult = { isLimited: false } | { isLimited: true; retryAfterSeconds: number };

/**
 * Counts one attempt against every key (e.g. `sign-in:email:ann@x.com` and `sign-in:ip:1.2.3.4`)
 * in PostgreSQL, so the limit holds across server processes, and refuses it when any key is over.
 */
export async function countAttempt(
  { db, clock }: { db: Db; clock: Clock },
  input: { keys: string[]; limit: Limit },
): Promise<RateLimitResult> {
  const windowMs = input.limit.windowSeconds * 1000;
  const now = clock.now().getTime();
  const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
  let isLimited = false;
  for (const key of input.keys) {
    const [row] = await db
      .insert(idpRateLimits)
      .values({ key, windowStart, count: 1 })
      .onConflictDoUpdate({
        target: [idpRateLimits.key, idpRateLimits.windowStart],
        set: { count: sql`${idpRateLimits.count} + 1` },
      })
      .returning({ count: idpRateLimits.count });
    if ((row?.count ?? 0) > input.limit.max) isLimited = true;
  }
  if (!isLimited) return { isLimited: false };
  return {
    isLimited: true,
    retryAfterSeconds: Math.ceil((windowStart.getTime() + windowMs - now) / 1000),
  };
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
