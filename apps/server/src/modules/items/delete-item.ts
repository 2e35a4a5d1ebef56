import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { items } from '../../db/schema';

/** Deletes an item with its tags, links, notes, relations and history (cascade). */
export async function deleteItem({ db }: { db: Db }, input: { itemId: number }): Promise<string> {
  await db.delete(items).where(eq(items.id, input.itemId));
  return 'Item deleted successfully';
}
