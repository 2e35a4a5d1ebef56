import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { itemHistory, items } from '../../db/schema';

/** The item columns another module's value can be replaced in. */
export type ReassignableColumn = 'itemStatusId' | 'itemTypeId';

/**
 * Moves every item whose `column` is `from` to `to`, each with a history entry (`field`,
 * `before` → `after`, by `userId`), in the caller's transaction: a status or item type being
 * deleted (data-fields).
 */
export async function reassignItems(
  tx: DbOrTx,
  input: {
    column: ReassignableColumn;
    from: number;
    to: number;
    userId: number;
    field: string;
    before: string;
    after: string;
  },
): Promise<void> {
  const column = items[input.column];
  await tx.execute(sql`
      insert into ${itemHistory} (item_id, user_id, field, before, after)
      select ${items.id}, ${input.userId}::int, ${input.field}, ${input.before}, ${input.after}
      from ${items} where ${column} = ${input.from}`);
  await tx
    .update(items)
    .set({ [input.column]: input.to, updatedAt: sql`now()` })
    .where(eq(column, input.from));
}
