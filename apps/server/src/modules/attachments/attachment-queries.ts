import type { TAttachment } from '@waymark/core';
import { and, eq, sql, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { itemAttachments, users } from '../../db/schema';
import { isInlineImage } from './file-meter';
import { removeBidiControls } from './file-name';

/** The columns an attachment is answered with (picked, never the whole row). */
export function selectAttachments(db: DbOrTx) {
  return db
    .select({
      attachmentId: itemAttachments.id,
      itemId: itemAttachments.itemId,
      fileName: itemAttachments.fileName,
      sizeBytes: itemAttachments.sizeBytes,
      contentType: itemAttachments.contentType,
      sha256: itemAttachments.sha256,
      storageKey: itemAttachments.storageKey,
      uploadedBy: sql<
        string | null
      >`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.email})`,
      createdAt: itemAttachments.createdAt,
    })
    .from(itemAttachments)
    .leftJoin(users, eq(users.id, itemAttachments.uploadedBy))
    .$dynamic();
}

/** An attachment row as selected by {@link selectAttachments}. */
export type AttachmentRow = Awaited<ReturnType<typeof selectAttachments>>[number];

/** The API shape of an attachment row. */
export function toAttachment(row: AttachmentRow): TAttachment {
  return {
    attachmentId: row.attachmentId,
    itemId: row.itemId,
    fileName: removeBidiControls(row.fileName),
    sizeBytes: row.sizeBytes,
    contentType: row.contentType,
    sha256: row.sha256,
    uploadedBy: row.uploadedBy ?? '',
    uploadedAt: row.createdAt.toISOString(),
    isImage: isInlineImage(row.contentType),
  };
}

/** One attachment of one item, or undefined (the item id comes from the access-checked route). */
export async function findAttachment(
  db: DbOrTx,
  ids: { itemId: number; attachmentId: number },
): Promise<AttachmentRow | undefined> {
  const [row] = await selectAttachments(db).where(
    and(eq(itemAttachments.id, ids.attachmentId), eq(itemAttachments.itemId, ids.itemId)),
  );
  return row;
}

/** Bytes of attachments the organization keeps. */
export async function sumOrgStorage(db: DbOrTx, orgId: number): Promise<number> {
  const [row] = await db
    .select({ used: sum(itemAttachments.sizeBytes).mapWith(Number) })
    .from(itemAttachments)
    .where(eq(itemAttachments.orgId, orgId));
  return row?.used ?? 0;
}
