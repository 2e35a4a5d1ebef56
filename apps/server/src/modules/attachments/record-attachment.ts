import { ATTACHMENT_HISTORY_FIELD } from '@waymark/core';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { itemHistory, items } from '../../db/schema';

/**
 * Records an added (`after`) or removed (`before`) file in the item's history and marks the item
 * changed, in the caller's transaction (spec §1 history of who modified it).
 */
export async function recordAttachmentChange(
  tx: DbOrTx,
  input: { itemId: number; userId: number; before: string | null; after: string | null },
): Promise<void> {
  await tx.insert(itemHistory).values({
    itemId: input.itemId,
    userId: input.userId,
    field: ATTACHMENT_HISTORY_FIELD,
    before: input.before,
    after: input.after,
  });
  await tx
    .update(items)
    .set({ updatedAt: sql`now()` })
    .where(eq(items.id, input.itemId));
}
