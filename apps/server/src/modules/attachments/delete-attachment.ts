import { AppError } from '@waymark/core';
import { eq } from 'drizzle-orm';
import { itemAttachments } from '../../db/schema';
import type { AppDeps } from '../module';
import { findAttachment } from './attachment-queries';
import { recordAttachmentChange } from './record-attachment';

/** Answered for an attachment that is not on the item (or not visible to the caller). */
export const ATTACHMENT_NOT_FOUND = 'Attachment not found.';

/**
 * Removes an attachment: the row (with a history entry) in one transaction, then the file. If
 * removing the file fails, the sweeper removes it later: no row names it any more.
 */
export async function deleteAttachment(
  { db, files }: Pick<AppDeps, 'db' | 'files'>,
  input: { itemId: number; attachmentId: number; userId: number },
): Promise<string> {
  const key = await db.transaction(async (tx) => {
    const row = await findAttachment(tx, input);
    if (!row) throw new AppError('NOT_FOUND', ATTACHMENT_NOT_FOUND);
    const [deleted] = await tx
      .delete(itemAttachments)
      .where(eq(itemAttachments.id, row.attachmentId))
      .returning({ key: itemAttachments.storageKey });
    if (!deleted) throw new AppError('NOT_FOUND', ATTACHMENT_NOT_FOUND);
    await recordAttachmentChange(tx, { ...input, before: row.fileName, after: null });
    return deleted.key;
  });
  await files.delete(key).catch(() => undefined);
  return 'Attachment deleted successfully';
}
