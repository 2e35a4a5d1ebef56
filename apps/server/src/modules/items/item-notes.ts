import type { TItemNote } from '@waymark/core';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { itemNotes, items, users } from '../../db/schema';
import { assertFeature } from '../entitlements/index';
import type { ProjectScope } from '../access/index';
import { fullNameOf } from './item-queries';

/**
 * Adds a note by the caller to an item (spec §1: notes with author and time) and marks the item
 * changed, so it sorts as recently updated. One transaction. Needs a plan with notes (spec §9).
 */
export async function addItemNote(
  { db }: { db: Db },
  scope: ProjectScope,
  input: { itemId: number; text: string; userId: number },
): Promise<TItemNote> {
  return db.transaction(async (tx) => {
    await assertFeature(tx, scope.orgId, 'notes');
    const [note] = await tx
      .insert(itemNotes)
      .values({ itemId: input.itemId, authorUserId: input.userId, text: input.text })
      .returning({ noteId: itemNotes.id, text: itemNotes.text, createdAt: itemNotes.createdAt });
    if (!note) throw new Error('Insert into item_notes returned no row');
    await tx
      .update(items)
      .set({ updatedAt: sql`now()` })
      .where(eq(items.id, input.itemId));
    const [author] = await tx
      .select({ name: fullNameOf(users) })
      .from(users)
      .where(eq(users.id, input.userId));
    return { ...note, authorName: author?.name ?? '', createdAt: note.createdAt.toISOString() };
  });
}

/**
 * Deletes an item with its tags, links, notes, relations and history (cascade). The transaction
 * names who deletes (`waymark.actor_user_id`), which the `item.deleted` webhook event reports
 * (migration 0019, docs/integrations.md).
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
