import { lt, sql } from 'drizzle-orm';
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

/**
 * A place in a project's events: they are read in (xid, id) order, xid being the transaction
 * that recorded the event (decision 0092). The origin is before every event.
 */
export type LivePosition = { xid: bigint; id: number };

/** Before every event. */
export const LIVE_ORIGIN: LivePosition = { xid: 0n, id: 0 };

/** Whether `a` comes after `b`. */
export function isAfter(a: LivePosition, b: LivePosition): boolean {
  return a.xid > b.xid || (a.xid === b.xid && a.id > b.id);
}

/** One event and its place. */
export type PlacedLiveEvent = { event: LiveEventRow; position: LivePosition };

/** What a read found. */
export type LiveEventsRead = {
  events: PlacedLiveEvent[];
  /**
   * Committed events after the ones read are held back until older transactions end (they
   * might still commit an event before them): the reader must look again, even without a
   * notification (the transaction holding them back may notify nothing, or another project).
   */
  isHeldBack: boolean;
};

// Every read names the same snapshot's horizon: transactions below it had ended when the
// snapshot was taken (decision 0092).
const horizonCte = sql`horizon as (select pg_snapshot_xmin(pg_current_snapshot()) as xmin)`;

/** Whether `projectId` has committed events at or past the horizon (needs `horizonCte`). */
function heldBackExists(projectId: number) {
  return sql`exists (
      select 1 from ${liveEvents} e, horizon h
      where e.project_id = ${projectId} and e.xid >= h.xmin
    )`;
}

type EventRecord = {
  id: string | null;
  xid: string | null;
  project_id: number;
  topic: string;
  relative_path_id: number | null;
  item_id: number | null;
  recipient_user_ids: number[] | null;
  is_held_back: boolean;
};

// One statement, so the horizon and the rows are of the same snapshot: a transaction below the
// horizon had ended when the snapshot was taken, so its events are visible if it committed, and
// any transaction still to commit has a higher xid than every event read. Held back is asked in
// the same snapshot, or an event readable a moment later could be left without a wake-up.
/** Committed events of `projectId` after `after`, in (xid, id) order, at most `limit`. */
export async function readLiveEvents(
  db: DbOrTx,
  input: { projectId: number; after: LivePosition; limit: number },
): Promise<LiveEventsRead> {
  const result = await db.execute<EventRecord>(sql`
    with ${horizonCte},
    page as (
      select e.id, e.xid, e.project_id, e.topic, e.relative_path_id, e.item_id,
        e.recipient_user_ids
      from ${liveEvents} e, horizon h
      where e.project_id = ${input.projectId} and e.xid < h.xmin
        and (e.xid, e.id) > (${input.after.xid.toString()}::xid8, ${input.after.id})
      order by e.xid, e.id
      limit ${input.limit}
    )
    select page.*, ${heldBackExists(input.projectId)} as is_held_back
    from (select 1) one left join page on true
    order by page.xid, page.id`);
  return {
    events: result.rows.filter((row) => row.id !== null).map(toPlaced),
    isHeldBack: result.rows[0]?.is_held_back ?? false,
  };
}

function toPlaced(row: EventRecord): PlacedLiveEvent {
  return {
    position: { xid: BigInt(row.xid ?? 0), id: Number(row.id) },
    event: {
      id: Number(row.id),
      projectId: row.project_id,
      topic: row.topic,
      relativePathId: row.relative_path_id,
      itemId: row.item_id,
      recipientUserIds: row.recipient_user_ids,
    },
  };
}

/**
 * The place of the newest readable event of `projectId` (the origin when it has none): a stream
 * starting now starts there. Also whether newer committed events are held back.
 */
export async function readLatestLivePosition(
  db: DbOrTx,
  projectId: number,
): Promise<{ position: LivePosition; isHeldBack: boolean }> {
  const result = await db.execute<{
    id: string | null;
    xid: string | null;
    is_held_back: boolean;
  }>(sql`
    with ${horizonCte}
    select latest.id, latest.xid, ${heldBackExists(projectId)} as is_held_back
    from (select 1) one left join lateral (
      select e.id, e.xid from ${liveEvents} e, horizon h
      where e.project_id = ${projectId} and e.xid < h.xmin
      order by e.xid desc, e.id desc limit 1
    ) latest on true`);
  const row = result.rows[0];
  return {
    position: row?.id ? { xid: BigInt(row.xid ?? 0), id: Number(row.id) } : LIVE_ORIGIN,
    isHeldBack: row?.is_held_back ?? false,
  };
}

/** The place of event `id` when it is one of `projectId`'s and still kept; else null. */
export async function readLivePosition(
  db: DbOrTx,
  input: { projectId: number; id: number },
): Promise<LivePosition | null> {
  const result = await db.execute<{ xid: string }>(sql`
    select xid from ${liveEvents} where id = ${input.id} and project_id = ${input.projectId}`);
  const row = result.rows[0];
  return row ? { xid: BigInt(row.xid), id: input.id } : null;
}

/** The highest event id pruning has removed: a resume point below it may have missed events. */
export async function readPrunedThrough(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ id: liveEventHorizon.prunedThrough }).from(liveEventHorizon);
  return Number(row?.id ?? 0);
}

/**
 * Events one statement of the prune deletes: a busy hour's events (~1,000,000 at 300 writes a
 * second) in one statement would outlast the 30 s statement limit (decision 0135), fail every
 * hour, and leave the next hour twice as many.
 */
export const PRUNE_BATCH_SIZE = 10_000;

/**
 * Deletes events older than `before`, oldest first, `batchSize` a statement, and moves the horizon
 * past each batch as it goes; returns how many.
 */
export async function pruneLiveEvents(
  db: DbOrTx,
  before: Date,
  batchSize = PRUNE_BATCH_SIZE,
): Promise<number> {
  let pruned = 0;
  for (;;) {
    const result = await db.execute<{ count: string }>(sql`
      with pruned as (
        delete from ${liveEvents} where ${liveEvents.id} in (
          select ${liveEvents.id} from ${liveEvents} where ${lt(liveEvents.createdAt, before)}
          order by ${liveEvents.createdAt} limit ${batchSize})
        returning ${liveEvents.id}
      ), moved as (
        update ${liveEventHorizon}
        set pruned_through = greatest(pruned_through, (select coalesce(max(id), 0) from pruned))
        returning 1
      )
      select (select count(*) from pruned) as count, (select count(*) from moved) as moved`);
    const count = Number(result.rows[0]?.count ?? 0);
    pruned += count;
    if (count < batchSize) return pruned;
  }
}
