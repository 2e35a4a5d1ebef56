import { PORTAL_LINKS } from '@waymark/core';
import { and, eq } from 'drizzle-orm';
import { Readable, Transform } from 'node:stream';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { dataExports, organizations, users } from '../../db/schema';
import type { FileStore } from '../../files/file-store';
import type { RetryPolicy } from '../../jobs/job-queue';
import { dataExportReadyMail, type Mailer } from '../mail/index';
import { exportStorageKey, type ExportRow } from './export-rows';
import { organizationArchive } from './organization-archive';
import { personalArchive } from './personal-archive';

/** What {@link prepareExport} needs. */
export type PrepareExportDeps = {
  db: Db;
  clock: Clock;
  files: FileStore;
  mailer: Mailer;
  publicUrl: string;
  linkHours: number;
};

/** The preparing job's name. */
export const PREPARE_EXPORT_JOB = 'data-export.prepare';

/** A few retries over about a quarter of an hour, then the archive is marked failed. */
export const PREPARE_RETRY: RetryPolicy = { limit: 4, delaySeconds: 10, maxDelaySeconds: 600 };

/** An archive's bytes counted as they pass to the store. */
function counted(body: Readable): { stream: Readable; bytes: () => number } {
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      callback(null, chunk);
    },
  });
  body.on('error', (error) => counter.destroy(error));
  return { stream: body.pipe(counter), bytes: () => bytes };
}

function archiveOf(deps: PrepareExportDeps, row: ExportRow, exportedAt: Date): Readable {
  if (row.kind === 'organization' && row.orgId !== null)
    return organizationArchive(deps, { orgId: row.orgId, exportedAt });
  return Readable.from(personalArchive(deps.db, { userId: row.userId, exportedAt }), {
    highWaterMark: 1,
    objectMode: false,
  });
}

/**
 * The job that prepares an archive (issue 33): streams it into the file store under the row's
 * own key (the store shows a file only once it is whole, so an attempt that dies leaves nothing
 * readable, and a retry writes the same key again), then, in one transaction, marks the row ready
 * with its expiry and enqueues the mail — guarded by `status = 'preparing'`, so however often the
 * job runs (a crash after the commit, a redelivery) exactly one mail is sent. The same transaction
 * deletes the owner's previous ready archive's row, and its file goes after the commit
 * (decision 0136): a person or an organization holds at most one ready archive and one being
 * prepared, whatever they ask. On its last attempt a failure marks the row failed, which frees
 * the person (or organization) to ask again.
 */
export async function prepareExport(
  deps: PrepareExportDeps,
  input: { exportId: number },
  attempt: { retryCount: number },
): Promise<void> {
  const [row] = await deps.db.select().from(dataExports).where(eq(dataExports.id, input.exportId));
  if (!row || row.status !== 'preparing') return;
  const key = exportStorageKey(row);
  try {
    const archive = counted(archiveOf(deps, row, deps.clock.now()));
    await deps.files.put(key, archive.stream);
    const replaced = await markReady(deps, row, { key, sizeBytes: archive.bytes() });
    // Row first, file after the commit: a crash in between leaves a file no row names, which
    // the purge job's sweep deletes; never a row naming a missing file.
    for (const oldKey of replaced) await deps.files.delete(oldKey);
  } catch (error) {
    if (attempt.retryCount >= PREPARE_RETRY.limit)
      await deps.db
        .update(dataExports)
        .set({ status: 'failed' })
        .where(and(eq(dataExports.id, row.id), eq(dataExports.status, 'preparing')));
    throw error;
  }
}

/**
 * Marks the row ready and mails its owner, replacing the owner's previous ready archive; answers
 * the store keys of the archives it replaced (their rows are gone once it resolves).
 */
async function markReady(
  deps: PrepareExportDeps,
  row: ExportRow,
  file: { key: string; sizeBytes: number },
): Promise<string[]> {
  return deps.db.transaction(async (tx) => {
    const readyAt = deps.clock.now();
    const expiresAt = new Date(readyAt.getTime() + deps.linkHours * 3_600_000);
    // Locked first: the previous archive goes only if this one becomes ready, and it must go
    // before, as the unique index allows one ready archive per owner.
    const [preparing] = await tx
      .select({ id: dataExports.id })
      .from(dataExports)
      .where(and(eq(dataExports.id, row.id), eq(dataExports.status, 'preparing')))
      .for('update');
    if (!preparing) return [];
    const replaced = await tx
      .delete(dataExports)
      .where(
        and(
          eq(dataExports.kind, row.kind),
          row.orgId === null
            ? eq(dataExports.userId, row.userId)
            : eq(dataExports.orgId, row.orgId),
          eq(dataExports.status, 'ready'),
        ),
      )
      .returning({ storageKey: dataExports.storageKey });
    await tx
      .update(dataExports)
      .set({ status: 'ready', storageKey: file.key, sizeBytes: file.sizeBytes, readyAt, expiresAt })
      .where(eq(dataExports.id, row.id));
    await mailReady(deps, tx, row, expiresAt);
    return replaced.flatMap((old) => (old.storageKey ? [old.storageKey] : []));
  });
}

async function mailReady(
  deps: PrepareExportDeps,
  tx: DbOrTx,
  row: ExportRow,
  expiresAt: Date,
): Promise<void> {
  const [user] = await tx
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, row.userId));
  // A deleted account has no address left (decision 0054): the archive just expires.
  if (!user?.email) return;
  const [org] =
    row.orgId === null
      ? []
      : await tx
          .select({ name: organizations.name })
          .from(organizations)
          .where(eq(organizations.id, row.orgId));
  await deps.mailer.enqueue(
    tx,
    dataExportReadyMail({
      to: user.email,
      firstName: user.firstName,
      kind: row.kind,
      orgName: org?.name,
      url: `${deps.publicUrl}${PORTAL_LINKS.yourData}?export=${row.id}`,
      expiresAt,
    }),
    'organization',
  );
}
