import { and, eq, inArray, isNotNull, lte, or } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { dataExports } from '../../db/schema';
import type { FileStore } from '../../files/file-store';
import { EXPORT_KEY_PREFIX } from './export-rows';

/** The purge job: every 15 minutes (UTC cron), once per slot across all server copies. */
export const PURGE_EXPORTS_JOB = { name: 'data-export.purge', cron: '*/15 * * * *' } as const;

/** Failed archives' rows are kept this long, so the portal can say the export failed. */
const FAILED_KEPT_MS = 24 * 3_600_000;

/**
 * A file under `exports/` that no row names (its row's organization was deleted, or a write died
 * midway) is removed once it is this old: longer than any archive takes to write.
 */
export const UNNAMED_GRACE_MS = 6 * 3_600_000;

const BATCH = 200;

/**
 * Deletes expired archives (issue 33): the file first, then its row, a batch at a time — a purge
 * that dies between the two finds the row again next time and deleting a missing file is no
 * error, so every copy may run it and the end state is the same. Failed archives go a day after
 * their request; files no row names go after {@link UNNAMED_GRACE_MS}. Answers how many archives
 * it deleted.
 */
export async function purgeExpiredExports(deps: {
  db: DbOrTx;
  files: FileStore;
  clock: Clock;
}): Promise<number> {
  const now = deps.clock.now();
  const failedBefore = new Date(now.getTime() - FAILED_KEPT_MS);
  let purged = 0;
  for (;;) {
    const rows = await deps.db
      .select({ id: dataExports.id, storageKey: dataExports.storageKey })
      .from(dataExports)
      .where(
        or(
          and(isNotNull(dataExports.expiresAt), lte(dataExports.expiresAt, now)),
          and(eq(dataExports.status, 'failed'), lte(dataExports.requestedAt, failedBefore)),
        ),
      )
      .limit(BATCH);
    if (rows.length === 0) break;
    for (const row of rows) if (row.storageKey) await deps.files.delete(row.storageKey);
    await deps.db.delete(dataExports).where(
      inArray(
        dataExports.id,
        rows.map((row) => row.id),
      ),
    );
    purged += rows.length;
  }
  await sweepUnnamedFiles(deps);
  return purged;
}

async function sweepUnnamedFiles(deps: { db: DbOrTx; files: FileStore }): Promise<void> {
  // File ages come from the store's own clock, so they are compared with real time.
  const cutoff = Date.now() - UNNAMED_GRACE_MS;
  for await (const page of deps.files.list(EXPORT_KEY_PREFIX)) {
    const old = page.filter((file) => file.modifiedAt.getTime() <= cutoff).map((file) => file.key);
    if (old.length === 0) continue;
    const named = await deps.db
      .select({ key: dataExports.storageKey })
      .from(dataExports)
      .where(inArray(dataExports.storageKey, old));
    const kept = new Set(named.map((row) => row.key));
    for (const key of old.filter((candidate) => !kept.has(candidate))) await deps.files.delete(key);
  }
}
