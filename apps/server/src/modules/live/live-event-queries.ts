import { and, asc, eq, gt, lt, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { liveEventHorizon, liveEvents } from '../../db/schema';

/** One recorded change of a project, as streams send it. */
export type LiveEventRow = {
  id: number;
  projectId: number;
  topic: string;
  relativePathId: number | null;
  itemId: number | null;
  /** Only these users' streams are sent the event (inbox entries, issue 27); null: all. */
  recipientUserIds: number[] | null;
};

const COLUMNS = {
  id: liveEvents.id,
  projectId: liveEvents.projectId,
  topic: liveEvents.topic,
  relativePathId: liveEvents.relativePathId,
  itemId: liveEvents.itemId,
  recipientUserIds: liveEvents.recipientUserIds,
};

/** Events of `projectId` after `afterId`, oldest first, at most `limit`. */
export async function readLiveEvents(
  db: DbOrTx,
  input: { projectId: number; afterId: number; limit: number },
): Promise<LiveEventRow[]> {
  return db
    .select(COLUMNS)
    .from(liveEvents)
    .where(and(eq(liveEvents.projectId, input.projectId), gt(liveEvents.id, input.afterId)))
    .orderBy(asc(liveEvents.id))
    .limit(input.limit);
}

/** The id of the newest committed event of `projectId`; 0 when it has none. */
export async function readLatestLiveEventId(db: DbOrTx, projectId: number): Promise<number> {
  const [row] = await db
    .select({ id: max(liveEvents.id) })
    .from(liveEvents)
    .where(eq(liveEvents.projectId, projectId));
  return Number(row?.id ?? 0);
}

/** The highest event id pruning has removed: a resume point below it may have missed events. */
export async function readPrunedThrough(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ id: liveEventHorizon.prunedThrough }).from(liveEventHorizon);
  return Number(row?.id ?? 0);
}

/** Deletes events older than `before` and moves the horizon past them; returns how many. */
export async function pruneLiveEvents(db: DbOrTx, before: Date): Promise<number> {
  const result = await db.execute<{ count: string }>(sql`
    with pruned as (
      delete from ${liveEvents} where ${lt(liveEvents.createdAt, before)} returning ${liveEvents.id}
    ), moved as (
      update ${liveEventHorizon}
      set pruned_through = greatest(pruned_through, (select coalesce(max(id), 0) from pruned))
      returning 1
    )
    select (select count(*) from pruned) as count, (select count(*) from moved) as moved`);
  return Number(result.rows[0]?.count ?? 0);
}
