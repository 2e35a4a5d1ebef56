import { AppError } from '@waymark/core';
import { eq } from 'drizzle-orm';
import { isMissingReference } from '../../db/constraint-violation';
import type { Db, DbOrTx } from '../../db/client';
import { runReads } from '../../db/run-reads';
import { items } from '../../db/schema';

/** Answered for an item that is gone (deleted meanwhile). */
export const ITEM_NOT_FOUND = 'Item not found.';

/**
 * Throws NOT_FOUND "Item not found." unless item `itemId` exists. A route naming an item answers
 * the item's absence itself: its access check may have answered from the item's project, kept by
 * this server copy after the item was deleted (decision 0110). With `lock` (in a transaction) the
 * row is locked that strongly: a delete then waits until the caller commits.
 */
export async function assertItemExists(
  db: Db | DbOrTx,
  itemId: number,
  options: { lock?: 'key share' | 'update' } = {},
): Promise<void> {
  const query = db.select({ id: items.id }).from(items).where(eq(items.id, itemId));
  const [row] = await (options.lock ? query.for(options.lock) : query);
  if (!row) throw new AppError('NOT_FOUND', ITEM_NOT_FOUND);
}

/** What `read` answers about item `itemId`, read beside its existence check (decision 0110). */
export async function readOfItem<T>(
  db: Db | DbOrTx,
  itemId: number,
  read: () => Promise<T>,
): Promise<T> {
  const [, answer] = await runReads<[void, T]>(db, [() => assertItemExists(db, itemId), read]);
  return answer;
}

/**
 * Runs a statement writing a row that references an item. An item deleted after the route's
 * access check (or long before: decision 0110) fails the row's foreign key: that is the item not
 * found, not a server error. So is its project deleted while the statement ran: a row the
 * statement writes beside (an automatic watch) names the project, and the item went with it.
 */
export async function writeOnItem<T>(statement: PromiseLike<T>): Promise<T> {
  try {
    return await statement;
  } catch (error) {
    if (isMissingReference(error, 'items') || isMissingReference(error, 'projects'))
      throw new AppError('NOT_FOUND', ITEM_NOT_FOUND);
    throw error;
  }
}
