import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/** A table of fixed-window counters: `count` per `(key, window_start)`, unique on the pair. */
export type WindowCounterTable = PgTable & {
  key: PgColumn;
  windowStart: PgColumn;
  count: PgColumn;
};

/** The fixed window of `windowSeconds` that `now` (epoch ms) falls in. */
export type FixedWindow = {
  start: Date;
  /** Seconds until the window ends, at least 1: what `Retry-After` says. */
  resetSeconds: number;
};

/** The fixed window of `windowSeconds` that `now` (epoch ms) falls in. */
export function fixedWindow(now: number, windowSeconds: number): FixedWindow {
  const windowMs = windowSeconds * 1000;
  const start = Math.floor(now / windowMs) * windowMs;
  return {
    start: new Date(start),
    resetSeconds: Math.max(1, Math.ceil((start + windowMs - now) / 1000)),
  };
}

/**
 * Adds `amount` (default 1) to `key`'s counter in the window starting at `windowStart` and returns
 * the new count,
 * in one atomic upsert: concurrent callers (any server copy) each get a count of their own, so
 * "count > limit" refuses exactly the calls past the limit. In a transaction, the count is taken
 * back if it rolls back.
 */
export async function countInWindow(
  db: DbOrTx,
  table: WindowCounterTable,
  key: string,
  windowStart: Date,
  amount = 1,
): Promise<number> {
  const column = (name: PgColumn) => sql.identifier(name.name);
  const result = await db.execute<{ count: number }>(sql`
    insert into ${table} (${column(table.key)}, ${column(table.windowStart)}, ${column(table.count)})
    values (${key}, ${windowStart.toISOString()}, ${amount})
    on conflict (${column(table.key)}, ${column(table.windowStart)})
    do update set ${column(table.count)} = ${table.count} + ${amount}
    returning ${column(table.count)} as count`);
  return Number(result.rows[0]?.count ?? 0);
}
