import { sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';

/**
 * The daily retention job (pg-boss cron: one run per tick whatever the number of server
 * copies, docs/privacy.md "Audit log").
 */
export const PURGE_AUDIT_EVENTS_JOB = { name: 'audit.purge', cron: '23 3 * * *' } as const;

// Deleted per transaction: a first purge of a large log does not hold one huge transaction.
const PURGE_BATCH = 5_000;

/**
 * Deletes audit rows older than `retentionDays`, batch by batch. The append-only trigger refuses
 * any DELETE on `audit_events` unless the transaction set `waymark.audit_purge` (SET LOCAL: it
 * ends with the transaction), and even then only rows past the retention the setting names.
 * Returns how many rows went.
 */
export async function purgeAuditEvents(
  deps: { db: Db; clock: Clock },
  retentionDays: number,
): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - retentionDays * 86_400_000);
  let purged = 0;
  for (;;) {
    const deleted = await deps.db.transaction(async (tx) => {
      await tx.execute(
        sql`select set_config('waymark.audit_purge', ${cutoff.toISOString()}, true)`,
      );
      const result = await tx.execute(sql`
        delete from audit_events where id in (
          select id from audit_events where at < ${cutoff.toISOString()}::timestamptz
          order by id limit ${PURGE_BATCH})`);
      return result.rowCount ?? 0;
    });
    purged += deleted;
    if (deleted < PURGE_BATCH) return purged;
  }
}
