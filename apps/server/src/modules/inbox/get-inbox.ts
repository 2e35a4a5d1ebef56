import type { TInbox } from '@waymark/core';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notificationSettings } from '../../db/schema';
import { countUnread } from './inbox-queries';
import { readEntries } from './read-entries';

/** The caller's notifications, newest first (a page of `limit` before `beforeId`), and unread count. */
export async function getInbox(
  { db }: { db: Db },
  input: { userId: number; beforeId?: number; limit?: number },
): Promise<TInbox> {
  const [entries, unreadCount, settings] = await Promise.all([
    readEntries(db, { userId: input.userId, beforeId: input.beforeId, limit: input.limit ?? 30 }),
    countUnread(db, input.userId),
    db
      .select({ toolbarBadge: notificationSettings.toolbarBadge })
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, input.userId)),
  ]);
  return { entries, unreadCount, toolbarBadge: settings[0]?.toolbarBadge ?? false };
}
