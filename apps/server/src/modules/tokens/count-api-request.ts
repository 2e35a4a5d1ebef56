import { sql } from 'drizzle-orm';
import type { ApiRateLimitConfig } from '../../config';
import type { Db } from '../../db/client';
import { apiRateCounters } from '../../db/schema';
import { countInWindow, fixedWindow } from '../../db/window-counter';
import { rateVerdict, type RateVerdict } from './rate-verdict';
import type { TokenGrant } from './token-grant';

type Counter = { name: 'token' | 'org'; key: string; quota: number };

/**
 * Counts one request of a token against its own limit and, for an organization key, against its
 * organization's (docs/api.md "Rate limits"). Fixed windows counted in PostgreSQL by an atomic
 * upsert, so every server copy shares them and concurrent requests are each counted once.
 * `cost`: what the request counts for (an MCP batch counts each of its messages).
 */
export async function countApiRequest(
  { db, limits, now }: { db: Db; limits: ApiRateLimitConfig; now: number },
  grant: TokenGrant,
  cost = 1,
): Promise<RateVerdict> {
  const windowStart = fixedWindow(now, limits.windowSeconds).start;
  const counters: Counter[] = [
    { name: 'token', key: `token:${grant.tokenId}`, quota: limits.perToken },
    ...(grant.orgId === null
      ? []
      : [{ name: 'org' as const, key: `org:${grant.orgId}`, quota: limits.perOrg }]),
  ];
  const counts = await Promise.all(
    counters.map(async (counter) => {
      const count = await countInWindow(db, apiRateCounters, counter.key, windowStart, cost);
      return { name: counter.name, quota: counter.quota, count };
    }),
  );
  return rateVerdict(counts, {
    seconds: limits.windowSeconds,
    startMs: windowStart.getTime(),
    nowMs: now,
  });
}

/** Deletes counters of windows that ended more than an hour ago (the hourly clean-up job). */
export async function purgeApiRateCounters(db: Db): Promise<void> {
  await db
    .delete(apiRateCounters)
    .where(sql`${apiRateCounters.windowStart} < now() - interval '1 hour'`);
}
