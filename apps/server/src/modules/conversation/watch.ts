import type { TWatchState } from '@waymark/core';
import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { items, watches } from '../../db/schema';

/** What can be watched: an item, a page (relative path) or a project. */
export type WatchKind = 'item' | 'page' | 'project';

/**
 * Watches (or unwatches) `targetId` for the caller. An unwatch is remembered (`isWatching`
 * false), so a later note or mention does not watch them again automatically. Idempotent: the
 * same call twice, or 30 at once, leaves one row.
 */
export async function setWatch(
  { db }: { db: Db },
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

/** Whether the caller watches an item, its page and its project. */
export async function getWatchState(
  { db }: { db: Db },
  input: { userId: number; itemId: number },
): Promise<TWatchState> {
  const [item] = await db
    .select({ projectId: items.projectId, pathId: items.relativePathId })
    .from(items)
    .where(eq(items.id, input.itemId));
  if (!item) return { item: false, page: false, project: false };
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
