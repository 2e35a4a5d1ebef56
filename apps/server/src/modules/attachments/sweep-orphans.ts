import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { itemAttachments } from '../../db/schema';
import type { FileStore } from '../../files/file-store';
import { ATTACHMENT_KEY_PREFIX } from './storage-key';

/**
 * How old an unreferenced file must be before it is swept: longer than any upload can take, so
 * a file whose row is about to be committed is never taken for an orphan.
 */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;

/** The sweeper's job name and schedule (UTC cron): every five minutes, once across all copies. */
export const SWEEP_JOB = { name: 'attachments.sweep-orphans', cron: '*/5 * * * *' } as const;

/**
 * Removes every stored file no attachment row names and older than `graceMs`: files of deleted
 * attachments, items, projects and organizations (their rows go by cascade), and files of uploads
 * whose process died between writing the file and committing its row. Idempotent. Answers how
 * many files it removed.
 */
export async function sweepOrphanFiles(
  { db, files }: { db: DbOrTx; files: FileStore },
  { graceMs = ORPHAN_GRACE_MS }: { graceMs?: number } = {},
): Promise<number> {
  // File ages come from the store's own clock (file mtime, S3 LastModified), so they are
  // compared with real time, not with the app's (movable) clock.
  const cutoff = Date.now() - graceMs;
  let removed = 0;
  // Only attachment keys (`org-<id>/…`): other files in the store (data exports, issue 33) are
  // named by other tables and purged by their own module.
  for await (const page of files.list(ATTACHMENT_KEY_PREFIX)) {
    const old = page.filter((file) => file.modifiedAt.getTime() <= cutoff).map((file) => file.key);
    if (old.length === 0) continue;
    const named = await db
      .select({ key: itemAttachments.storageKey })
      .from(itemAttachments)
      .where(inArray(itemAttachments.storageKey, old));
    const kept = new Set(named.map((row) => row.key));
    for (const key of old.filter((candidate) => !kept.has(candidate))) {
      await files.delete(key);
      removed += 1;
    }
  }
  return removed;
}
