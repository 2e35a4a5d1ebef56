import type { TAttachment, TAttachmentStorage } from '@waymark/core';
import { asc, eq } from 'drizzle-orm';
import { itemAttachments } from '../../db/schema';
import { readOfItem } from '../items/index';
import type { AppDeps } from '../module';
import { selectAttachments, sumOrgStorage, toAttachment } from './attachment-queries';

/**
 * An item's attachments, oldest first; NOT_FOUND once the item is gone. Never plan-gated: files
 * outlive a downgrade (spec §9).
 */
export async function getItemAttachments(
  { db }: Pick<AppDeps, 'db'>,
  input: { itemId: number },
): Promise<TAttachment[]> {
  const rows = await readOfItem(db, input.itemId, () =>
    selectAttachments(db)
      .where(eq(itemAttachments.itemId, input.itemId))
      .orderBy(asc(itemAttachments.id)),
  );
  return rows.map(toAttachment);
}

/** The organization's attachment storage against its quota (issue 14: the Account screen). */
export async function getAttachmentStorage(
  { db, config }: Pick<AppDeps, 'db' | 'config'>,
  input: { orgId: number },
): Promise<TAttachmentStorage> {
  return {
    usedBytes: await sumOrgStorage(db, input.orgId),
    quotaBytes: config.attachments.orgQuotaBytes,
    maxFileBytes: config.attachments.maxFileBytes,
  };
}
