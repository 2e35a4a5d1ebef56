import type { TNotificationEvent } from '@waymark/core';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/** One change to notify about: what happened to which item, by whom, for whom. */
export type FanOut = {
  itemId: number;
  /** Who did it: never notified of their own action. */
  actorUserId: number;
  event: TNotificationEvent;
  noteId?: number | null;
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
  const ids = (values: number[] | undefined) =>
    values === undefined ? sql`null::integer[]` : sql`${`{${values.join(',')}}`}::integer[]`;
  const result = await tx.execute<{ written: number }>(sql`
    select waymark_fan_out(${change.itemId}::integer, ${change.actorUserId}::integer,
      ${change.event}::text, ${change.noteId ?? null}::integer, ${change.detail ?? null}::text,
      ${ids(change.onlyUserIds)}, ${ids(change.excludeUserIds)}) as written`);
  return Number(result.rows[0]?.written ?? 0);
}

/** Adds the automatic watch of `userId` on an item, unless they unwatched it explicitly. */
export async function autoWatch(tx: DbOrTx, itemId: number, userId: number): Promise<void> {
  await tx.execute(sql`select waymark_auto_watch(${itemId}::integer, ${userId}::integer)`);
}
