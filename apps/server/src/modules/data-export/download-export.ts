import { AppError, EXPORT_LINK_EXPIRED, EXPORT_NOT_FOUND, EXPORT_NOT_READY } from '@waymark/core';
import contentDisposition from 'content-disposition';
import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import type { Clock } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { dataExports } from '../../db/schema';
import type { FileStore } from '../../files/file-store';
import { exportFileName } from './export-rows';

/** Answered (409) when an archive could not be prepared. */
export const EXPORT_FAILED =
  'This export could not be prepared. Request a new export; if it fails again, contact support.';

/** An archive ready to send. */
export type ExportDownload = {
  body: Readable;
  fileName: string;
  contentType: string;
  sizeBytes: number | null;
};

/**
 * Opens an archive for its owner (issue 33): a personal archive for the person it belongs to, an
 * organization's for the organization's current admins (`isOrgAdmin`). Anyone else gets 404, as
 * if it did not exist, whatever its state; the owner gets 410 once it has expired (also when the
 * purge has not run yet), 409 while it is prepared or after it failed.
 */
export async function openExport(
  deps: { db: DbOrTx; files: FileStore; clock: Clock },
  input: { exportId: number; userId: number; isOrgAdmin: (orgId: number) => Promise<boolean> },
): Promise<ExportDownload> {
  const [row] = await deps.db.select().from(dataExports).where(eq(dataExports.id, input.exportId));
  const isOwner =
    row !== undefined &&
    (row.kind === 'personal'
      ? row.userId === input.userId
      : row.orgId !== null && (await input.isOrgAdmin(row.orgId)));
  if (!row || !isOwner) throw new AppError('NOT_FOUND', EXPORT_NOT_FOUND);
  if (row.expiresAt && row.expiresAt.getTime() <= deps.clock.now().getTime())
    throw new AppError('GONE', EXPORT_LINK_EXPIRED);
  if (row.status === 'preparing') throw new AppError('CONFLICT', EXPORT_NOT_READY);
  if (row.status === 'failed' || !row.storageKey) throw new AppError('CONFLICT', EXPORT_FAILED);
  const body = await deps.files.get(row.storageKey);
  if (!body) throw new AppError('GONE', EXPORT_LINK_EXPIRED);
  return {
    body,
    fileName: exportFileName(row),
    contentType: row.kind === 'personal' ? 'application/json' : 'application/zip',
    sizeBytes: row.sizeBytes,
  };
}

/**
 * Sends an archive as a download: never shown inline nor sniffed, not cached by anything
 * between (it is personal data), its length given so a cut-off download is seen as incomplete.
 */
export function sendExport(reply: FastifyReply, file: ExportDownload): FastifyReply {
  if (file.sizeBytes !== null) reply.header('content-length', String(file.sizeBytes));
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox; frame-ancestors 'none'")
    .header('cache-control', 'private, no-store')
    .send(file.body);
}
