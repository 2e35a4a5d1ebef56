import type { TDataExport } from '@waymark/core';
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { dataExports } from '../../db/schema';

/** A `data_exports` row as the module reads it. */
export type ExportRow = typeof dataExports.$inferSelect;

/**
 * Where archives live in the file store: under `exports/`, which no attachment key starts with
 * (those are `org-<id>/…`), so no attachment route can ever serve one and the attachment sweeper
 * never sees one. The key is fixed per row, so a retried job overwrites its own file.
 */
export const EXPORT_KEY_PREFIX = 'exports/';

/** The store key of an archive row. */
export function exportStorageKey(row: Pick<ExportRow, 'id' | 'kind'>): string {
  return `${EXPORT_KEY_PREFIX}${row.kind}-${row.id}.${row.kind === 'personal' ? 'json' : 'zip'}`;
}

/** The file name a download is offered under. */
export function exportFileName(row: Pick<ExportRow, 'kind' | 'orgId' | 'requestedAt'>): string {
  const day = row.requestedAt.toISOString().slice(0, 10);
  return row.kind === 'personal'
    ? `waymark-my-data-${day}.json`
    : `waymark-organization-${row.orgId ?? 0}-${day}.zip`;
}

/** A row as the API answers it; `now` decides whether it has expired. */
export function toDataExport(row: ExportRow, now: Date): TDataExport {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    requestedAt: row.requestedAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    sizeBytes: row.sizeBytes,
    isExpired: row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime(),
    fileName: exportFileName(row),
  };
}

/** The newest personal archive of `userId`, or undefined. */
export async function latestPersonalExport(
  db: DbOrTx,
  userId: number,
): Promise<ExportRow | undefined> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), eq(dataExports.kind, 'personal')))
    .orderBy(desc(dataExports.id))
    .limit(1);
  return row;
}

/** The newest archive of organization `orgId`, or undefined. */
export async function latestOrganizationExport(
  db: DbOrTx,
  orgId: number,
): Promise<ExportRow | undefined> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.orgId, orgId), eq(dataExports.kind, 'organization')))
    .orderBy(desc(dataExports.id))
    .limit(1);
  return row;
}
