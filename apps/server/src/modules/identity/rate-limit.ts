import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idpRateLimits } from '../../db/schema';
import { countInWindow } from '../../db/window-counter';
import type { Clock } from './identity-deps';
import { secondsUntilAllowed } from './sliding-window';

/** A sliding-window limit: at most `max` attempts in any `windowSeconds`. */
export type Limit = { max: number; windowSeconds: number };

/** Outcome of counting one attempt: allowed, or refused for `retryAfterSeconds`. */
export type RateLimitResult = { isLimited: false } | { isLimited: true; retryAfterSeconds: number };

/**
 * One counter an attempt counts against, e.g. `sign-in:ip` + the address, with its limit.
 * `parts` may be anything a client sends (an e-mail of a megabyte included): the stored key is
 * its SHA-256, so it always fits the index and names no address or e-mail in the table.
 */
export type Counter = { kind: string; parts: readonly string[]; limit: Limit };

function storedKey({ kind, parts }: Counter): string {
  return `${kind}:${createHash('sha256').update(parts.join('\n')).digest('base64url')}`;
}

function windowOf(now: number, limit: Limit): { start: Date; previous: Date; fraction: number } {
  const windowMs = limit.windowSeconds * 1000;
  const start = Math.floor(now / windowMs) * windowMs;
  return {
    start: new Date(start),
    previous: new Date(start - windowMs),
    fraction: (now - start) / windowMs,
  };
}

/**
 * Counts one attempt against every counter in PostgreSQL, so the limits hold across server
 * processes, and refuses it when any counter's sliding-window estimate is over its limit
 * (see sliding-window.ts and the identity README for the limits in force).
 */
export async function countAttempt(
  { db, clock }: { db: Db; clock: Clock },
  counters: Counter[],
): Promise<RateLimitResult> {
  const now = clock.now().getTime();
  let retryAfterSeconds = 0;
  for (const counter of counters) {
    const key = storedKey(counter);
    const window = windowOf(now, counter.limit);
    const current = await countInWindow(db, idpRateLimits, key, window.start);
    const [previous] = await db
      .select({ count: idpRateLimits.count })
      .from(idpRateLimits)
      .where(and(eq(idpRateLimits.key, key), eq(idpRateLimits.windowStart, window.previous)));
    const counts = {
      previous: previous?.count ?? 0,
      current,
      elapsedFraction: window.fraction,
    };
    const wait = secondsUntilAllowed(counts, counter.limit.max, counter.limit.windowSeconds);
    retryAfterSeconds = Math.max(retryAfterSeconds, wait);
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
  for (const counter of counters) {
    await db
      .update(idpRateLimits)
      .set({ count: sql`greatest(${idpRateLimits.count} - 1, 0)` })
      .where(
        and(
          eq(idpRateLimits.key, storedKey(counter)),
          eq(idpRateLimits.windowStart, windowOf(now, counter.limit).start),
        ),
      );
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
