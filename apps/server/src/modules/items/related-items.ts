import { AppError, RELATED_HISTORY_FIELD, SAVED_MESSAGE, type TRelatedItem } from '@waymark/core';
import { and, asc, eq, ilike, inArray, ne, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { itemHistory, itemRelations, items } from '../../db/schema';
import { assertFeature } from '../entitlements/index';
import type { ProjectScope } from '../access/index';
import { escapeLike } from './escape-like';
import { ITEM_NOT_FOUND, readOfItem } from './item-exists';
import { relatedItemColumns, joinItemLookups } from './item-queries';

/** Answered when linking an item to itself. */
export const SELF_RELATION = 'An item cannot be related to itself.';
/** Answered when the other item is not in the same project (or does not exist). */
export const RELATED_NOT_FOUND = 'The related item was not found in this project.';

/** Items matching `where` as related items show them, by title (at most `limit`). */
export async function selectRelatedItemRows(
  db: Db | DbOrTx,
  where: SQL | undefined,
  limit = 50,
): Promise<TRelatedItem[]> {
  return joinItemLookups(db.select(relatedItemColumns).from(items).$dynamic())
    .where(where)
    .orderBy(asc(items.title), asc(items.id))
    .limit(limit);
}

/**
 * Items of the item's project whose title contains `text` (case-insensitive), itself excluded;
 * NOT_FOUND once the item is gone.
 */
export async function searchRelatedItems(
  { db }: { db: Db },
  scope: ProjectScope,
  input: { itemId: number; text: string },
): Promise<TRelatedItem[]> {
  return readOfItem(db, input.itemId, () =>
    selectRelatedItemRows(
      db,
      and(
        eq(items.projectId, scope.projectId),
        ne(items.id, input.itemId),
        ilike(items.title, `%${escapeLike(input.text)}%`),
      ),
    ),
  );
}

/** Input of {@link linkRelatedItem} and {@link unlinkRelatedItem}. */
export type RelationInput = { itemId: number; relatedItemId: number; userId: number };

/**
 * Relates two items of one project. Stored once as an ordered pair (item_relations), so it shows
 * on both; each item's history records it. Linking twice changes nothing. Needs a plan with
 * related items (spec §9), checked in the linking transaction; unlinking never does. The item
 * itself gone is NOT_FOUND; the other item gone or elsewhere is BAD_REQUEST.
 */
export async function linkRelatedItem(
  { db }: { db: Db },
  scope: ProjectScope,
  input: RelationInput,
): Promise<string> {
  return changeRelation(db, scope, input, true);
}

/** Removes the relation between two items (from both); removing a missing one changes nothing. */
export async function unlinkRelatedItem(
  { db }: { db: Db },
  scope: ProjectScope,
  input: RelationInput,
): Promise<string> {
  return changeRelation(db, scope, input, false);
}

async function changeRelation(
  db: Db,
  scope: ProjectScope,
  input: RelationInput,
  isLink: boolean,
): Promise<string> {
  if (input.itemId === input.relatedItemId) throw new AppError('BAD_REQUEST', SELF_RELATION);
  const pair = {
    lowItemId: Math.min(input.itemId, input.relatedItemId),
    highItemId: Math.max(input.itemId, input.relatedItemId),
  };
  await db.transaction(async (tx) => {
    if (isLink) await assertFeature(tx, scope.orgId, 'relatedItems');
    // Key-share locked: neither item can be deleted before this relation and its history commit.
    const both = await tx
      .select({ id: items.id, title: items.title })
      .from(items)
      .where(
        and(
          eq(items.projectId, scope.projectId),
          inArray(items.id, [pair.lowItemId, pair.highItemId]),
        ),
      )
      .for('key share');
    if (!both.some((item) => item.id === input.itemId))
      throw new AppError('NOT_FOUND', ITEM_NOT_FOUND);
    if (both.length !== 2) throw new AppError('BAD_REQUEST', RELATED_NOT_FOUND);
    const changed = isLink
      ? await tx.insert(itemRelations).values(pair).onConflictDoNothing().returning()
      : await tx
          .delete(itemRelations)
          .where(
            and(
              eq(itemRelations.lowItemId, pair.lowItemId),
              eq(itemRelations.highItemId, pair.highItemId),
            ),
          )
          .returning();
    if (changed.length === 0) return;
    await tx.insert(itemHistory).values(
      both.map((item) => {
        const other = both.find((candidate) => candidate.id !== item.id);
        const label = `#${other?.id} ${other?.title}`;
        return {
          itemId: item.id,
          userId: input.userId,
          field: RELATED_HISTORY_FIELD,
          before: isLink ? null : label,
          after: isLink ? label : null,
        };
      }),
    );
  });
  return SAVED_MESSAGE;
}
