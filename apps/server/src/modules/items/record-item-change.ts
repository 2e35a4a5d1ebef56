import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { itemHistory, items } from '../../db/schema';

/** One change to record in an item's history: who changed which field from what to what. */
export type ItemChange = {
  itemId: number;
  userId: number;
  /** The history field (`attachment`, `pin`, …). */
  field: string;
  before: string | null;
  after: string | null;
};

/**
 * Records a change made to an item by another module (a file, a pin) in its history and marks
 * the item changed, in the caller's transaction (spec §1 history of who modified it).
 */
export async function recordItemChange(tx: DbOrTx, change: ItemChange): Promise<void> {
  await tx.insert(itemHistory).values(change);
  await tx
    .update(items)
    .set({ updatedAt: sql`now()` })
    .where(eq(items.id, change.itemId));
}

/** Marks an item changed (it sorts as recently updated) in the caller's transaction: a new note. */
export async function touchItem(tx: DbOrTx, itemId: number): Promise<void> {
  await tx
    .update(items)
    .set({ updatedAt: sql`now()` })
    .where(eq(items.id, itemId));
}
