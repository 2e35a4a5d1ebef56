import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';

/**
 * Resolves once a statement in this test's database waits for a lock: the moment a concurrent
 * call has reached the row or lock a test's open transaction holds. Other test files share the
 * cluster, so only this database's sessions count.
 */
export async function untilSomeoneWaitsForALock(db: Db): Promise<void> {
  for (;;) {
    const { rows } = await db.execute<{ waiting: number }>(sql`select count(*)::int as waiting
      from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`);
    if ((rows[0]?.waiting ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
