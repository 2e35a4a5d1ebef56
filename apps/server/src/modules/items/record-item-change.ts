import { eq, sql, type SQL } from 'drizzle-orm';
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

/**
 * The UPDATE marking item `itemId` changed now (it sorts as recently updated), run only when
 * `condition` holds: for a CTE of another module's write, so the mark costs no round trip of
 * its own (a new note, issue 34).
 */
export function markItemChangedSql(itemId: number, condition: SQL): SQL {
  return sql`update ${items} set updated_at = now() where id = ${itemId} and ${condition}`;
}
