import { sql } from 'drizzle-orm';
import type { ApiRateLimitConfig } from '../../config';
import type { Db } from '../../db/client';
import { apiRateCounters } from '../../db/schema';
import type { TokenGrant } from './token-grant';

/** The verdict on one token request: the IETF headers to send and whether to refuse it. */
export type RateVerdict = {
  /** `RateLimit-Policy`, `RateLimit` and, when refused, `Retry-After`. */
  headers: Record<string, string>;
  isLimited: boolean;
};

type Counter = { name: 'token' | 'org'; key: string; quota: number };

/**
 * Counts one request of a token against its own limit and, for an organization key, against its
 * organization's (docs/api.md "Rate limits"). Fixed windows counted in PostgreSQL by an atomic
 * upsert, so every server copy shares them and concurrent requests are each counted once.
 * Headers follow draft-ietf-httpapi-ratelimit-headers (structured fields, one item per policy).
 */
export async function countApiRequest(
  { db, limits, now }: { db: Db; limits: ApiRateLimitConfig; now: number },
  grant: TokenGrant,
): Promise<RateVerdict> {
  const windowMs = limits.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
  const resetSeconds = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now) / 1000));
  const counters: Counter[] = [
    { name: 'token', key: `token:${grant.tokenId}`, quota: limits.perToken },
    ...(grant.orgId === null
      ? []
      : [{ name: 'org' as const, key: `org:${grant.orgId}`, quota: limits.perOrg }]),
  ];
  const counts = await Promise.all(
    counters.map(async (counter) => {
      const [row] = await db
        .insert(apiRateCounters)
        .values({ key: counter.key, windowStart, count: 1 })
        .onConflictDoUpdate({
          target: [apiRateCounters.key, apiRateCounters.windowStart],
          set: { count: sql`${apiRateCounters.count} + 1` },
        })
        .returning({ count: apiRateCounters.count });
      return {
        ...counter,
        remaining: Math.max(0, counter.quota - (row?.count ?? 0)),
        count: row?.count ?? 0,
      };
    }),
  );
  const isLimited = counts.some((counter) => counter.count > counter.quota);
  const headers: Record<string, string> = {
    'RateLimit-Policy': counts
      .map(({ name, quota }) => `"${name}";q=${quota};w=${limits.windowSeconds}`)
      .join(', '),
    RateLimit: counts
      .map(({ name, remaining }) => `"${name}";r=${remaining};t=${resetSeconds}`)
      .join(', '),
    ...(isLimited && { 'Retry-After': String(resetSeconds) }),
  };
  return { headers, isLimited };
}

/** Deletes counters of windows that ended more than an hour ago (the hourly clean-up job). */
export async function purgeApiRateCounters(db: Db): Promise<void> {
  await db
    .delete(apiRateCounters)
    .where(sql`${apiRateCounters.windowStart} < now() - interval '1 hour'`);
}
