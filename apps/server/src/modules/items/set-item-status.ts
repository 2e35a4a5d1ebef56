import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { itemHistory, itemStatuses, items } from '../../db/schema';

/**
 * Sets an item's status on behalf of another system (a tracker's issue closed or reopened,
 * issue 30) in the caller's transaction, with a history entry whose author is `userId` (null: no
 * person — the tracker). The item is locked first, so two concurrent identical changes record
 * one entry. Answers whether the status changed; a status of another organization changes nothing.
 */
export async function setItemStatus(
  tx: DbOrTx,
  input: { itemId: number; itemStatusId: number; userId: number | null },
): Promise<boolean> {
  const [current] = await tx
    .select({
      statusId: items.itemStatusId,
      status: itemStatuses.description,
      orgId: itemStatuses.orgId,
    })
    .from(items)
    .innerJoin(itemStatuses, eq(itemStatuses.id, items.itemStatusId))
    .where(eq(items.id, input.itemId))
    .for('update', { of: items });
  if (!current || current.statusId === input.itemStatusId) return false;
  const [next] = await tx
    .select({ status: itemStatuses.description, orgId: itemStatuses.orgId })
    .from(itemStatuses)
    .where(eq(itemStatuses.id, input.itemStatusId));
  if (next?.orgId !== current.orgId) return false;
  await tx
    .update(items)
    .set({ itemStatusId: input.itemStatusId, updatedAt: sql`now()` })
    .where(eq(items.id, input.itemId));
  await tx.insert(itemHistory).values({
    itemId: input.itemId,
    userId: input.userId,
    field: 'itemStatus',
    before: current.status,
    after: next.status,
  });
  return true;
}
