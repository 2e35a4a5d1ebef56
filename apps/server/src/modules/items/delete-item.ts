import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { items } from '../../db/schema';

/**
 * Deletes an item with its tags, links, notes, relations and history (cascade). The transaction
 * names who deletes (`waymark.actor_user_id`), which the `item.deleted` webhook event reports
 * (docs/integrations.md).
 */
export async function deleteItem(
  { db }: { db: Db },
  input: { itemId: number; userId: number },
): Promise<string> {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('waymark.actor_user_id', ${String(input.userId)}, true)`,
    );
    await tx.delete(items).where(eq(items.id, input.itemId));
  });
  return 'Item deleted successfully';
}
