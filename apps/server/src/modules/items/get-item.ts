import {
  AppError,
  ITEM_DETAIL_HISTORY_SIZE,
  ITEM_DETAIL_NOTES_SIZE,
  ITEM_THREAD_PAGE_SIZE,
  type TItemDetail,
  type TItemHistoryEntry,
  type TItemNote,
  type TRelatedItem,
} from '@waymark/core';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { runReads } from '../../db/run-reads';
import { itemHistory, itemNotes, itemRelations, items, users } from '../../db/schema';
import { selectDescriptionMentions } from './description-mentions';
import { ITEM_NOT_FOUND, readOfItem } from './item-exists';
import { fullNameOf, itemDetailColumns, joinItemLookups } from './item-queries';
import { selectNoteRows } from './note-rows';
import { selectRelatedItemRows } from './related-items';

/**
 * An item's every field, newest notes, related items, newest history and description mentions
 * (five reads). Notes and history are bounded (decision 0138): one more than shown is read, to
 * tell whether earlier ones exist.
 */
export async function getItem(db: Db | DbOrTx, input: { itemId: number }): Promise<TItemDetail> {
  const [itemRow, notePage, relatedItems, historyPage, descriptionMentions] = await runReads(db, [
    () => selectItemRow(db, input.itemId),
    () => selectNotes(db, input.itemId, ITEM_DETAIL_NOTES_SIZE + 1),
    () => selectRelatedItems(db, input.itemId),
    () => selectItemHistory(db, input.itemId, ITEM_DETAIL_HISTORY_SIZE + 1),
    () => selectDescriptionMentions(db, input.itemId),
  ] as const);
  const hasEarlierNotes = notePage.length > ITEM_DETAIL_NOTES_SIZE;
  const notes = hasEarlierNotes ? notePage.slice(1) : notePage;
  const hasOlderHistory = historyPage.length > ITEM_DETAIL_HISTORY_SIZE;
  const history = hasOlderHistory ? historyPage.slice(0, -1) : historyPage;
  if (!itemRow) throw new AppError('NOT_FOUND', ITEM_NOT_FOUND);
  const { assigneeName, creatorName, createdBy, createdAt, updatedAt, ...fields } = itemRow;
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
    hasEarlierNotes,
    relatedItems,
    history,
    hasOlderHistory,
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

/** A page of an item's notes, oldest first: the newest, or those before `beforeId`; NOT_FOUND once it is gone. */
export async function getItemNotes(
  db: Db,
  input: { itemId: number; beforeId?: number },
): Promise<TItemNote[]> {
  return readOfItem(db, input.itemId, () =>
    selectNotes(db, input.itemId, ITEM_THREAD_PAGE_SIZE, input.beforeId),
  );
}

async function selectNotes(
  db: Db | DbOrTx,
  itemId: number,
  newest: number,
  beforeId?: number,
): Promise<TItemNote[]> {
  return selectNoteRows(
    db,
    and(eq(itemNotes.itemId, itemId), beforeRow(itemNotes, itemId, beforeId)),
    { newest },
  );
}

/**
 * Rows of the item ordered before row `beforeId` by (created_at, id), the order both threads are
 * read in; a `beforeId` of another item leaves nothing before it. A `beforeId` deleted since the
 * client read it (a note deleted while its thread is open) stands for the item's next row after
 * it, so the page still goes on from where the client's list starts.
 */
function beforeRow(
  table: typeof itemNotes | typeof itemHistory,
  itemId: number,
  beforeId: number | undefined,
): SQL | undefined {
  if (beforeId === undefined) return undefined;
  return sql`(${table.createdAt}, ${table.id}) < (
    select b.created_at, b.id from ${table} b where b.id = ${beforeId} and b.item_id = ${itemId}
    union all
    (select b.created_at, b.id from ${table} b
      where b.item_id = ${itemId} and b.id > ${beforeId}
        and not exists (select from ${table} gone where gone.id = ${beforeId})
      order by b.created_at, b.id limit 1)
    limit 1)`;
}

/** The items related to `itemId`, from either side of the normalised pair. */
async function selectRelatedItems(db: Db | DbOrTx, itemId: number): Promise<TRelatedItem[]> {
  const otherSide = sql`${items.id} in (select case when ${itemRelations.lowItemId} = ${itemId}
    then ${itemRelations.highItemId} else ${itemRelations.lowItemId} end from ${itemRelations}
    where ${itemRelations.lowItemId} = ${itemId} or ${itemRelations.highItemId} = ${itemId})`;
  return selectRelatedItemRows(db, otherSide, 1_000);
}

/**
 * A page of an item's history, newest first: who, when, field, before, after; the newest, or those
 * older than `beforeId`. NOT_FOUND once the item is gone.
 */
export async function getItemHistory(
  db: Db,
  input: { itemId: number; beforeId?: number },
): Promise<TItemHistoryEntry[]> {
  return readOfItem(db, input.itemId, () =>
    selectItemHistory(db, input.itemId, ITEM_THREAD_PAGE_SIZE, input.beforeId),
  );
}

async function selectItemHistory(
  db: Db | DbOrTx,
  itemId: number,
  limit: number,
  beforeId?: number,
): Promise<TItemHistoryEntry[]> {
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
    .where(and(eq(itemHistory.itemId, itemId), beforeRow(itemHistory, itemId, beforeId)))
    .orderBy(desc(itemHistory.createdAt), desc(itemHistory.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, changedAt: row.changedAt.toISOString() }));
}
