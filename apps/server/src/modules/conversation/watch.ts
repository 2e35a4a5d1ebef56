import { AppError, type TWatchState } from '@waymark/core';
import { and, eq, or } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { items, watches } from '../../db/schema';
import { lockProjectRow } from '../access/index';
import { assertItemExists, ITEM_NOT_FOUND, lockPathExists } from '../items/index';

/** What can be watched: an item, a page (relative path) or a project. */
export type WatchKind = 'item' | 'page' | 'project';

/**
 * Watches (or unwatches) `targetId` for the caller. An unwatch is remembered (`isWatching`
 * false), so a later note or mention does not watch them again automatically. Idempotent: the
 * same call twice, or 30 at once, leaves one row.
 */
export async function setWatch(
  { db }: { db: DbOrTx },
  input: {
    userId: number;
    projectId: number;
    kind: WatchKind;
    targetId: number;
    isWatching: boolean;
  },
): Promise<{ isWatching: boolean }> {
  await db
    .insert(watches)
    .values({ ...input, isAutomatic: false })
    .onConflictDoUpdate({
      target: [watches.kind, watches.targetId, watches.userId],
      set: { isWatching: input.isWatching, isAutomatic: false },
    });
  return { isWatching: input.isWatching };
}

/**
 * Watches (or unwatches) an item for the caller and answers what they now watch. The item is
 * key-share locked while the watch is written: a watch never outlives its item's delete, and an
 * item gone is NOT_FOUND (decision 0110).
 */
export async function watchItem(
  { db }: { db: Db },
  input: { userId: number; projectId: number; itemId: number; isWatching: boolean },
): Promise<TWatchState> {
  const { itemId, ...watch } = input;
  return db.transaction(async (tx) => {
    // Before its item or page, as a project's delete takes them (decision 0125): a project gone
    // meanwhile leaves its item or page gone too, which the next lock reports.
    await lockProjectRow(tx, input.projectId);
    await assertItemExists(tx, itemId, { lock: 'key share' });
    await setWatch({ db: tx }, { ...watch, kind: 'item', targetId: itemId });
    return getWatchState({ db: tx }, input);
  });
}

/**
 * Watches (or unwatches) a page (a relative path) for the caller. The path is key-share locked
 * while the watch is written: a delete or merge of the path waits, then forgets the watch or
 * hands it to the path it merged into (migration 0047); a path gone is NOT_FOUND.
 */
export async function watchPage(
  { db }: { db: Db },
  input: { userId: number; projectId: number; relativePathId: number; isWatching: boolean },
): Promise<{ isWatching: boolean }> {
  const { relativePathId, ...watch } = input;
  return db.transaction(async (tx) => {
    await lockProjectRow(tx, input.projectId);
    await lockPathExists(tx, { projectId: input.projectId, pathId: relativePathId });
    return setWatch({ db: tx }, { ...watch, kind: 'page', targetId: relativePathId });
  });
}

/** Whether the caller watches an item, its page and its project; NOT_FOUND once it is gone. */
export async function getWatchState(
  { db }: { db: DbOrTx },
  input: { userId: number; itemId: number },
): Promise<TWatchState> {
  const [item] = await db
    .select({ projectId: items.projectId, pathId: items.relativePathId })
    .from(items)
    .where(eq(items.id, input.itemId));
  if (!item) throw new AppError('NOT_FOUND', ITEM_NOT_FOUND);
  const rows = await db
    .select({ kind: watches.kind })
    .from(watches)
    .where(
      and(
        eq(watches.userId, input.userId),
        eq(watches.isWatching, true),
        or(
          and(eq(watches.kind, 'item'), eq(watches.targetId, input.itemId)),
          and(eq(watches.kind, 'page'), eq(watches.targetId, item.pathId)),
          and(eq(watches.kind, 'project'), eq(watches.targetId, item.projectId)),
        ),
      ),
    );
  const kinds = new Set(rows.map((row) => row.kind));
  return { item: kinds.has('item'), page: kinds.has('page'), project: kinds.has('project') };
}
