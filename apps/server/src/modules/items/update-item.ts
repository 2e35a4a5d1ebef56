import { AppError, DESCRIPTION_HISTORY_FIELD, type TItemDetail } from '@waymark/core';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { itemHistory, items } from '../../db/schema';
import type { ProjectScope } from '../access/index';
import { getItem, selectItemRow } from './get-item';
import { ITEM_NOT_FOUND } from './item-exists';
import { assertItemFeatures, type PlanOfTransaction } from './item-features';
import { replaceItemTags, replaceItemUrls } from './item-lists';
import { checkItemRefs, type ItemRefLabels } from './item-refs';
import { checkMentions } from './mentions';
import { sanitizeDescription } from './sanitize-description';

/** Input of {@link updateItem}: only the fields to change (see ZUpdateItemRequest). */
export type UpdateItemInput = {
  itemId: number;
  itemTypeId?: number | undefined;
  itemStatusId?: number | undefined;
  title?: string | undefined;
  descriptionHtml?: string | undefined;
  tags?: string[] | undefined;
  assigneeUserId?: number | null | undefined;
  releaseId?: number | null | undefined;
  externalUrls?: string[] | undefined;
  /** The caller, recorded as the author of each history entry. */
  userId: number;
};

type Change = { field: string; before: string | null; after: string | null };

/**
 * What the edits of many items in one transaction (a bulk edit or its undo) read once: the
 * organization's plan, and the labels of each set of references checked. Both hold until the
 * transaction ends (the plan under its share lock); one per transaction.
 */
export type ItemUpdateReads = PlanOfTransaction & { refs: Map<string, ItemRefLabels> };

/** Fresh {@link ItemUpdateReads} for a transaction. */
export function createItemUpdateReads(): ItemUpdateReads {
  return { refs: new Map() };
}

async function checkRefsOnce(
  tx: DbOrTx,
  scope: ProjectScope,
  input: UpdateItemInput,
  reads: ItemUpdateReads,
): Promise<ItemRefLabels> {
  const key = [input.itemTypeId, input.itemStatusId, input.releaseId, input.assigneeUserId].join();
  const known = reads.refs.get(key);
  if (known) return known;
  const labels = await checkItemRefs(tx, scope, input);
  reads.refs.set(key, labels);
  return labels;
}

/**
 * Changes the given fields of an item in the caller's transaction (see {@link updateItem});
 * answers whether anything changed. Bulk edits call it once per item, in one transaction, with
 * one {@link ItemUpdateReads}.
 */
export async function applyItemUpdate(
  tx: DbOrTx,
  scope: ProjectScope,
  input: UpdateItemInput,
  reads: ItemUpdateReads = createItemUpdateReads(),
): Promise<boolean> {
  // Locked before read: of two concurrent identical changes, the second sees the first's result
  // and records nothing.
  await tx.execute(sql`select 1 from ${items} where ${items.id} = ${input.itemId} for update`);
  // The fields only, not getItem's notes, related items and history: a bulk edit reads each of
  // its up to 500 items here (four reads fewer an item).
  const current = await selectItemRow(tx, input.itemId);
  if (!current) throw new AppError('NOT_FOUND', ITEM_NOT_FOUND);
  await assertItemFeatures(tx, scope.orgId, input, current, reads);
  const next = await checkRefsOnce(tx, scope, input, reads);
  if (input.descriptionHtml !== undefined) await checkMentions(tx, scope, input.descriptionHtml);
  const description =
    input.descriptionHtml === undefined ? undefined : sanitizeDescription(input.descriptionHtml);
  const changes: Change[] = [];
  const compare = (field: string, before: string | null, after: string | null | undefined) => {
    if (after !== undefined && before !== after) changes.push({ field, before, after });
  };
  if (input.itemTypeId !== undefined && input.itemTypeId !== current.itemTypeId)
    compare('itemType', current.itemTypeDescription, next.itemType);
  if (input.itemStatusId !== undefined && input.itemStatusId !== current.itemStatusId)
    compare('itemStatus', current.itemStatusDescription, next.itemStatus);
  compare('title', current.title, input.title);
  compare(DESCRIPTION_HISTORY_FIELD, current.descriptionHtml, description);
  compare('tags', current.tags.join(', '), input.tags?.join(', '));
  if (input.assigneeUserId !== undefined && input.assigneeUserId !== current.assigneeUserId)
    compare(
      'assignee',
      current.assigneeUserId === null ? null : (current.assigneeName ?? ''),
      next.assignee,
    );
  if (input.releaseId !== undefined && input.releaseId !== current.releaseId)
    compare('release', current.releaseTitle, next.release);
  compare('externalUrls', current.externalUrls.join('\n'), input.externalUrls?.join('\n'));
  if (changes.length === 0) return false;
  await tx
    .update(items)
    .set({
      itemTypeId: input.itemTypeId,
      itemStatusId: input.itemStatusId,
      title: input.title,
      descriptionHtml: description,
      assigneeUserId: input.assigneeUserId,
      releaseId: input.releaseId,
      updatedAt: sql`now()`,
    })
    .where(eq(items.id, input.itemId));
  if (input.tags) await replaceItemTags(tx, input.itemId, input.tags);
  if (input.externalUrls) await replaceItemUrls(tx, input.itemId, input.externalUrls);
  await tx
    .insert(itemHistory)
    .values(changes.map((change) => ({ ...change, itemId: input.itemId, userId: input.userId })));
  return true;
}

/**
 * Changes the given fields of an item. Every field whose value really changes gets a history
 * entry (issue 4: who, when, field, before, after) with readable values — the type, status,
 * release and assignee by name. People the description mentions for the first time are notified
 * (the `item_history` trigger); those mentioned before are not told again. One transaction; the item row is locked while compared. Adding a
 * tag, release or external link needs a plan that includes it (PLAN_LIMIT otherwise).
 */
export async function updateItem(
  { db }: { db: Db },
  scope: ProjectScope,
  input: UpdateItemInput,
): Promise<TItemDetail> {
  await db.transaction((tx) => applyItemUpdate(tx, scope, input));
  return getItem(db, { itemId: input.itemId });
}
