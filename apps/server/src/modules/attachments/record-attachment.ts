import { ATTACHMENT_HISTORY_FIELD } from '@waymark/core';
import type { DbOrTx } from '../../db/client';
import { recordItemChange } from '../items/index';

/**
 * Records an added (`after`) or removed (`before`) file in the item's history and marks the item
 * changed, in the caller's transaction (spec §1 history of who modified it).
 */
export async function recordAttachmentChange(
  tx: DbOrTx,
  input: { itemId: number; userId: number; before: string | null; after: string | null },
): Promise<void> {
  await recordItemChange(tx, { ...input, field: ATTACHMENT_HISTORY_FIELD });
}
