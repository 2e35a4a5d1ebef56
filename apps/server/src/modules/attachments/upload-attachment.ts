import { AppError, formatQuotaExceeded, type TAttachment } from '@waymark/core';
import { eq } from 'drizzle-orm';
import { isMissingReference } from '../../db/constraint-violation';
import { itemAttachments } from '../../db/schema';
import type { ProjectScope } from '../access/index';
import { assertFeature, getOrgPlan, requireFeature } from '../entitlements/index';
import { assertItemExists, ITEM_NOT_FOUND } from '../items/index';
import type { AppDeps } from '../module';
import { selectAttachments, sumOrgStorage, toAttachment } from './attachment-queries';
import { assertNameMatchesBytes } from './claimed-type';
import { receiveUpload, type ReadFilePart } from './receive-upload';
import { recordAttachmentChange } from './record-attachment';
import { newStorageKey } from './storage-key';
import type { BodyWatch } from './watch-upload-body';

/**
 * Attaches the request's file to an item (issue 14). The plan (spec §9: Standard, Pro, trial) and
 * the quota are checked before a byte is read, and again in the transaction that records it.
 * Order: the row's transaction runs while the disk finishes the file (issue 34, decision 0095) and
 * commits only once the file is durable (a bucket's file is durable before it starts, 0149); if
 * anything fails, the fsync included, the transaction rolls back and the file is removed, and if
 * the process dies first the orphan sweeper removes it. A row therefore never points at a missing file. An item gone before a byte is read, or
 * deleted while the file arrived, is NOT_FOUND (decision 0110).
 */
export async function uploadAttachment(
  { db, files, config }: Pick<AppDeps, 'db' | 'files' | 'config'>,
  scope: ProjectScope,
  input: { itemId: number; userId: number; readFilePart: ReadFilePart; body: BodyWatch },
): Promise<TAttachment> {
  const { maxFileBytes, orgQuotaBytes } = config.attachments;
  await assertFeature(db, scope.orgId, 'attachments');
  await assertItemExists(db, input.itemId);
  if ((await sumOrgStorage(db, scope.orgId)) >= orgQuotaBytes)
    throw new AppError('CONFLICT', formatQuotaExceeded(orgQuotaBytes));
  const key = newStorageKey(scope.orgId);
  const file = await receiveUpload(files, { ...input, key, maxFileBytes });
  try {
    assertNameMatchesBytes(file.fileName, file.contentType);
    // A bucket's last parts can take seconds: the transaction below (the organization row locked,
    // a pooled connection held) must not idle past DB_IDLE_IN_TRANSACTION_TIMEOUT_MS waiting for
    // them (decision 0149). A local disk's fsync takes milliseconds and overlaps it (0095).
    if (files.kind !== 'local') await file.durable;
    return await db.transaction(async (tx) => {
      // The org row's update lock serialises uploads of one organization: the sum stays true.
      requireFeature(await getOrgPlan(tx, scope.orgId), 'attachments');
      if ((await sumOrgStorage(tx, scope.orgId)) + file.sizeBytes > orgQuotaBytes)
        throw new AppError('CONFLICT', formatQuotaExceeded(orgQuotaBytes));
      const [created] = await tx
        .insert(itemAttachments)
        .values({
          itemId: input.itemId,
          orgId: scope.orgId,
          storageKey: key,
          fileName: file.fileName,
          sizeBytes: file.sizeBytes,
          contentType: file.contentType,
          sha256: file.sha256,
          uploadedBy: input.userId,
        })
        .returning({ id: itemAttachments.id });
      if (!created) throw new Error('Insert into item_attachments returned no row');
      await recordAttachmentChange(tx, { ...input, before: null, after: file.fileName });
      const [row] = await selectAttachments(tx).where(eq(itemAttachments.id, created.id));
      if (!row) throw new Error('Attachment vanished inside its own transaction');
      // Commit only once the file is durable: a failed fsync rolls the row back.
      await file.durable;
      return toAttachment(row);
    });
  } catch (error) {
    // The store may still be writing the file: remove it once the store is done with it.
    await file.durable.catch(() => undefined);
    await files.delete(key).catch(() => undefined);
    if (isMissingReference(error, 'items')) throw new AppError('NOT_FOUND', ITEM_NOT_FOUND);
    throw error;
  }
}
