import { AppError } from '@waymark/core';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inboxEntries } from '../../db/schema';
import { countUnread } from './inbox-queries';

/** Answered when an id is not one of the caller's notifications (whoever's it is). */
const ENTRY_NOT_FOUND = 'Notification not found.';

/**
 * Marks the caller's notifications `entryIds` read; all or nothing: an id that is not theirs is
 * a 404 and nothing changes. Marking a read one again changes nothing.
 */
export async function markInboxRead(
  { db }: { db: Db },
  input: { userId: number; entryIds: number[] },
): Promise<{ unreadCount: number }> {
  const ids = [...new Set(input.entryIds)];
  return db.transaction(async (tx) => {
    const own = await tx
      .select({ id: inboxEntries.id })
      .from(inboxEntries)
      .where(and(eq(inboxEntries.userId, input.userId), inArray(inboxEntries.id, ids)));
    if (own.length !== ids.length) throw new AppError('NOT_FOUND', ENTRY_NOT_FOUND);
    await tx
      .update(inboxEntries)
      .set({ readAt: sql`now()` })
      .where(
        and(
          eq(inboxEntries.userId, input.userId),
          inArray(inboxEntries.id, ids),
          isNull(inboxEntries.readAt),
        ),
      );
    return { unreadCount: await countUnread(tx, input.userId) };
  });
}

/** Marks every notification of the caller read. */
export async function markAllInboxRead(
  { db }: { db: Db },
  input: { userId: number },
): Promise<{ unreadCount: number }> {
  await db
    .update(inboxEntries)
    .set({ readAt: sql`now()` })
    .where(and(eq(inboxEntries.userId, input.userId), isNull(inboxEntries.readAt)));
  return { unreadCount: await countUnread(db, input.userId) };
}
