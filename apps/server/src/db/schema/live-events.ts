import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/** PostgreSQL's 64-bit transaction id, read as its decimal text. */
const xid8 = customType<{ data: string; driverData: string }>({
  dataType: () => 'xid8',
});

/**
 * What changed on a project: a changed item, note, relation, tag, link, attachment, path, release
 * or data field (issue 16), one row per transaction, project, page and item since migration 0046
 * (decision 0119; the topic names the first table written for them, inbox events apart). Written
 * only by the triggers of migrations 0011/0016/0022, without a lock since 0042 (decision 0092):
 * streams read a project's events in (xid, id) order, only those of transactions older than the
 * oldest one still running, so a stream that has sent event N has sent every committed event of
 * its project ordered before N, and `Last-Event-ID: N` catches up from N's place. Pruned after
 * `LIVE_EVENTS_RETENTION_HOURS`.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** No foreign key: a deleted project's last events must still reach its streams. */
    projectId: integer('project_id').notNull(),
    /** The first table its transaction wrote for this page and item: items, item_notes, … */
    topic: text('topic').notNull(),
    /** The page the change shows on, when it concerns one. */
    relativePathId: integer('relative_path_id'),
    itemId: integer('item_id'),
    /**
     * Set on `inbox_entries` events (issue 27): the users the notifications are for. Only their
     * streams are sent the event; null means every stream of the project.
     */
    recipientUserIds: integer('recipient_user_ids').array(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The transaction that recorded the event (`pg_current_xact_id()`): the reading order. */
    xid: xid8('xid')
      .notNull()
      .default(sql`pg_current_xact_id()`),
  },
  (table) => [
    index('live_events_project_id_xid_id_idx').on(table.projectId, table.xid, table.id),
    // One event per transaction, project, item and page (decision 0119): the arbiter of
    // waymark_add_live_event's ON CONFLICT DO NOTHING (migration 0053, decision 0150), so the
    // check is the index's own and no plan can turn it into a scan of the transaction's events.
    uniqueIndex('live_events_fold_key')
      .on(
        table.projectId,
        table.xid,
        sql`coalesce(${table.itemId}, 0)`,
        sql`coalesce(${table.relativePathId}, 0)`,
      )
      .where(sql`${table.recipientUserIds} is null`),
    index('live_events_created_at_idx').on(table.createdAt),
  ],
);

/**
 * One row: the highest event id pruning removed. A `Last-Event-ID` below it may have missed
 * events, so its stream is told to reload instead of catching up.
 */
export const liveEventHorizon = pgTable(
  'live_event_horizon',
  {
    isSingleton: boolean('is_singleton').primaryKey().default(true),
    prunedThrough: bigint('pruned_through', { mode: 'number' }).notNull().default(0),
  },
  (table) => [check('live_event_horizon_singleton', sql`${table.isSingleton}`)],
);
