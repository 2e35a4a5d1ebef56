import { AppError } from '@waymark/core';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { items } from '../../db/schema';
import { ITEM_NOT_FOUND } from './item-exists';

/**
 * Deletes an item with its tags, links, notes, relations and history (cascade). The transaction
 * names who deletes (`waymark.actor_user_id`), which the `item.deleted` webhook event reports
 * (docs/integrations.md). An item already gone is NOT_FOUND (a second click, another copy's delete).
 */
export async function deleteItem(
  { db }: { db: Db },
  input: { itemId: number; userId: number },
): Promise<string> {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('waymark.actor_user_id', ${String(input.userId)}, true)`,
    );
    const deleted = await tx
      .delete(items)
      .where(eq(items.id, input.itemId))
      .returning({ id: items.id });
    if (deleted.length === 0) throw new AppError('NOT_FOUND', ITEM_NOT_FOUND);
  });
  return 'Item deleted successfully';
}
