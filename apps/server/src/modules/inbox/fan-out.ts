import type { TNotificationEvent } from '@waymark/core';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/** One change to notify about: what happened to which item, by whom, for whom. */
export type FanOut = {
  itemId: number;
  /** Who did it: never notified of their own action. */
  actorUserId: number;
  event: TNotificationEvent;
  /** The note's id, or an expression for it in the statement the call rides on (a new note). */
  noteId?: number | SQL | null;
  detail?: string | null;
  /** Exactly these users (a mention); omitted: every watcher of the item, its page, its project. */
  onlyUserIds?: number[];
  /** Users not to notify (already told of the same change another way). */
  excludeUserIds?: number[];
};

/**
 * Writes the notifications of one change in one statement (`waymark_fan_out`, migration
 * 0016_conversation): recipients filtered by access now, preferences and the actor; each stamped
 * with how it is mailed. In the caller's transaction, so it exists exactly when the change does;
 * a statement trigger tells the recipients' open panels. Returns how many were written.
 */
export async function fanOut(tx: DbOrTx, change: FanOut): Promise<number> {
  const result = await tx.execute<{ written: number }>(
    sql`select ${fanOutCall(change)} as written`,
  );
  return Number(result.rows[0]?.written ?? 0);
}

/**
 * The automatic watches of `watchers` on `itemId`, then the fan-outs of `changes`, as select-list
 * calls for a statement the caller sends anyway (issue 34: a note sent one statement per call,
 * then one for them all; now they ride on its answer's read, decision 0100). Each call must run
 * exactly once: put them in the select list of a query answering exactly one row. Only for
 * changes that cannot notify any of `watchers` (each is the changes' actor, or in their
 * `onlyUserIds` or `excludeUserIds`), so the order the select list runs in does not change who is
 * notified.
 */
export function watchAndFanOutCalls(
  itemId: number,
  watchers: readonly number[],
  changes: readonly FanOut[],
): SQL[] {
  return [...watchers.map((userId) => autoWatchCall(itemId, userId)), ...changes.map(fanOutCall)];
}

function fanOutCall(change: FanOut): SQL {
  const ids = (values: number[] | undefined) =>
    values === undefined ? sql`null::integer[]` : sql`${`{${values.join(',')}}`}::integer[]`;
  return sql`waymark_fan_out(${change.itemId}::integer, ${change.actorUserId}::integer,
      ${change.event}::text, ${change.noteId ?? null}::integer, ${change.detail ?? null}::text,
      ${ids(change.onlyUserIds)}, ${ids(change.excludeUserIds)})`;
}

function autoWatchCall(itemId: number, userId: number): SQL {
  return sql`waymark_auto_watch(${itemId}::integer, ${userId}::integer)`;
}

/** Adds the automatic watch of `userId` on an item, unless they unwatched it explicitly. */
export async function autoWatch(tx: DbOrTx, itemId: number, userId: number): Promise<void> {
  await tx.execute(sql`select ${autoWatchCall(itemId, userId)}`);
}
