import {
  AppError,
  type TItemDetail,
  type TItemHistoryEntry,
  type TItemNote,
  type TRelatedItem,
} from '@waymark/core';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { runReads } from '../../db/run-reads';
import { itemHistory, itemNotes, itemRelations, items, users } from '../../db/schema';
import { selectDescriptionMentions } from './description-mentions';
import { ITEM_NOT_FOUND, readOfItem } from './item-exists';
import { fullNameOf, itemDetailColumns, joinItemLookups } from './item-queries';
import { selectNoteRows } from './note-rows';
import { selectRelatedItemRows } from './related-items';

/** An item's every field, notes, related items, history and description mentions (five reads). */
export async function getItem(db: Db | DbOrTx, input: { itemId: number }): Promise<TItemDetail> {
  const [itemRow, notes, relatedItems, history, descriptionMentions] = await runReads(db, [
    () => selectItemRow(db, input.itemId),
    () => selectNotes(db, input.itemId),
    () => selectRelatedItems(db, input.itemId),
    () => selectItemHistory(db, input.itemId),
    () => selectDescriptionMentions(db, input.itemId),
  ] as const);
  if (!itemRow) throw new AppError('NOT_FOUND', ITEM_NOT_FOUND);
  const {
    assigneeName,
    creatorName,
    createdBy,
    createdAt,
    updatedAt,
    noteCount: _noteCount,
    ...fields
  } = itemRow;
  return {
    ...fields,
    assignee:
      fields.assigneeUserId === null
        ? null
        : { userId: fields.assigneeUserId, fullName: assigneeName ?? '' },
    createdBy: createdBy === null ? null : { userId: createdBy, fullName: creatorName ?? '' },
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
    relatedItemIds: relatedItems.map((related) => related.itemId),
    descriptionMentions,
    notes,
    relatedItems,
    history,
  };
}

/**
 * An item's own fields with the names of its type, status, assignee, release and creator, its
 * tags and links (one read; no notes, related items or history): what an edit compares.
 */
export async function selectItemRow(db: Db | DbOrTx, itemId: number) {
  const [row] = await joinItemLookups(db.select(itemDetailColumns).from(items).$dynamic()).where(
    eq(items.id, itemId),
  );
  return row;
}

async function selectNotes(db: Db | DbOrTx, itemId: number): Promise<TItemNote[]> {
  return selectNoteRows(db, eq(itemNotes.itemId, itemId));
}

/** The items related to `itemId`, from either side of the normalised pair. */
async function selectRelatedItems(db: Db | DbOrTx, itemId: number): Promise<TRelatedItem[]> {
  const otherSide = sql`${items.id} in (select case when ${itemRelations.lowItemId} = ${itemId}
    then ${itemRelations.highItemId} else ${itemRelations.lowItemId} end from ${itemRelations}
    where ${itemRelations.lowItemId} = ${itemId} or ${itemRelations.highItemId} = ${itemId})`;
  return selectRelatedItemRows(db, otherSide, 1_000);
}

/** An item's history, newest first: who, when, field, before, after; NOT_FOUND once it is gone. */
export async function getItemHistory(
  db: Db,
  input: { itemId: number },
): Promise<TItemHistoryEntry[]> {
  return readOfItem(db, input.itemId, () => selectItemHistory(db, input.itemId));
}

async function selectItemHistory(db: Db | DbOrTx, itemId: number): Promise<TItemHistoryEntry[]> {
  const rows = await db
    .select({
      historyId: itemHistory.id,
      field: itemHistory.field,
      before: itemHistory.before,
      after: itemHistory.after,
      changedBy: sql<string>`coalesce(${fullNameOf(users)}, '')`,
      changedAt: itemHistory.createdAt,
    })
    .from(itemHistory)
    .leftJoin(users, eq(users.id, itemHistory.userId))
    .where(and(eq(itemHistory.itemId, itemId)))
    .orderBy(desc(itemHistory.createdAt), desc(itemHistory.id));
  return rows.map((row) => ({ ...row, changedAt: row.changedAt.toISOString() }));
}
