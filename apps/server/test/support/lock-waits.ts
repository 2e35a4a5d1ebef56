import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';

/**
 * Resolves once a statement in this test's database waits for a lock: the moment a concurrent
 * call has reached the row or lock a test's open transaction holds. Other test files share the
 * cluster, so only this database's sessions count. With `blockedBy` (the holding transaction's
 * `pg_backend_pid()`), only a wait on that session counts: the app's own sessions (its job
 * queue) may wait for locks of their own meanwhile. With `orUntil` (the call itself), a call that
 * finishes without waiting ends the wait too: `'settled'`.
 */
export async function untilSomeoneWaitsForALock(
  db: Db,
  { blockedBy, orUntil }: { blockedBy?: number; orUntil?: Promise<unknown> } = {},
): Promise<'waiting' | 'settled'> {
  let settled = false;
  void orUntil?.finally(() => (settled = true)).catch(() => undefined);
  for (;;) {
    if (settled) return 'settled';
    const { rows } = await db.execute<{ waiting: number }>(sql`select count(*)::int as waiting
      from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()
        and (${blockedBy ?? null}::int is null or ${blockedBy ?? null}::int = any(pg_blocking_pids(pid)))`);
    if ((rows[0]?.waiting ?? 0) > 0) return 'waiting';
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The backend pid of the session running `db`'s statements (a transaction's own). */
export async function backendPid(db: Pick<Db, 'execute'>): Promise<number> {
  const { rows } = await db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
  return rows[0]?.pid ?? 0;
}
