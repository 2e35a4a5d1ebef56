import { AppError, type TBulkItemState, type TBulkUpdateResult } from '@waymark/core';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { itemTags, items } from '../../db/schema';
import type { ProjectScope } from '../access/index';
import { ITEM_NOT_FOUND } from './item-exists';
import { applyItemUpdate, createItemUpdateReads, type UpdateItemInput } from './update-item';

/** What a bulk edit changes on every item (see ZBulkChange). */
export type BulkChange = {
  itemStatusId?: number | undefined;
  assigneeUserId?: number | null | undefined;
  releaseId?: number | null | undefined;
  addTags?: string[] | undefined;
  removeTags?: string[] | undefined;
};

/**
 * Locks the items, in id order so that concurrent bulk edits of overlapping selections wait for
 * each other instead of deadlocking, and reads their bulk-editable fields. Any id not of the
 * project is "not found", as for a single item: its existence elsewhere is not revealed.
 */
async function lockStates(
  tx: DbOrTx,
  scope: ProjectScope,
  itemIds: number[],
): Promise<TBulkItemState[]> {
  const rows = await tx
    .select({
      itemId: items.id,
      itemStatusId: items.itemStatusId,
      assigneeUserId: items.assigneeUserId,
      releaseId: items.releaseId,
      tags: sql<string[]>`coalesce((select array_agg(${itemTags.tag} order by ${itemTags.position})
        from ${itemTags} where ${itemTags.itemId} = ${items.id}), '{}')`,
    })
    .from(items)
    .where(and(eq(items.projectId, scope.projectId), inArray(items.id, itemIds)))
    .orderBy(asc(items.id))
    .for('update', { of: items });
  if (rows.length !== itemIds.length) throw new AppError('NOT_FOUND', ITEM_NOT_FOUND);
  return rows;
}

function nextTags(tags: string[], change: BulkChange): string[] | undefined {
  if (!change.addTags && !change.removeTags) return undefined;
  const removed = new Set((change.removeTags ?? []).map((tag) => tag.toLowerCase()));
  const kept = tags.filter((tag) => !removed.has(tag.toLowerCase()));
  const present = new Set(kept.map((tag) => tag.toLowerCase()));
  const added = (change.addTags ?? []).filter((tag) => !present.has(tag.toLowerCase()));
  return [...kept, ...added];
}

/** Applies one update per item in one transaction; answers the changed ids and the before. */
async function applyAll(
  db: Db,
  scope: ProjectScope,
  itemIds: number[],
  updateOf: (state: TBulkItemState) => Omit<UpdateItemInput, 'userId' | 'itemId'>,
  userId: number,
): Promise<TBulkUpdateResult> {
  return db.transaction(async (tx) => {
    const states = await lockStates(tx, scope, itemIds);
    const changedItemIds: number[] = [];
    const before: TBulkItemState[] = [];
    const reads = createItemUpdateReads();
    for (const state of states) {
      const changed = await applyItemUpdate(
        tx,
        scope,
        { ...updateOf(state), itemId: state.itemId, userId },
        reads,
      );
      if (!changed) continue;
      changedItemIds.push(state.itemId);
      before.push(state);
    }
    return { changedItemIds, before };
  });
}

/**
 * Bulk edit (issue 28): the same change of status, assignee, release or tags on many items of a
 * project, all or nothing in one transaction — so one live event batch — with one history entry
 * per changed field and item. Plan gates and reference checks are the single edit's. Items
 * already as asked are left untouched; the answer holds the fields of the changed ones before,
 * which {@link restoreItems} puts back.
 */
export async function bulkUpdateItems(
  { db }: { db: Db },
  scope: ProjectScope,
  input: { itemIds: number[]; change: BulkChange; userId: number },
): Promise<TBulkUpdateResult> {
  const { change } = input;
  return applyAll(
    db,
    scope,
    input.itemIds,
    (state) => ({
      itemStatusId: change.itemStatusId,
      assigneeUserId: change.assigneeUserId,
      releaseId: change.releaseId,
      tags: nextTags(state.tags, change),
    }),
    input.userId,
  );
}

/** Undo of a bulk edit: each item's status, assignee, release and tags back as given. */
export async function restoreItems(
  { db }: { db: Db },
  scope: ProjectScope,
  input: { items: TBulkItemState[]; userId: number },
): Promise<TBulkUpdateResult> {
  const wanted = new Map(input.items.map((item) => [item.itemId, item]));
  return applyAll(
    db,
    scope,
    [...wanted.keys()],
    (state) => {
      const { itemStatusId, assigneeUserId, releaseId, tags } = wanted.get(state.itemId) ?? state;
      return { itemStatusId, assigneeUserId, releaseId, tags };
    },
    input.userId,
  );
}
