import { AppError } from '@waymark/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';

/** Text answered when a notification is dismissed. */
export const NOTIFICATION_DISMISSED = 'Notification dismissed.';

/**
 * Dismisses one of the caller's notifications. Dismissing twice is harmless; another user's
 * notification is answered like a missing one (404), so ids reveal nothing.
 */
export async function dismissNotification(
  { db, clock }: { db: Db; clock: { now: () => Date } },
  input: { userId: number; notificationInfoId: number },
): Promise<string> {
  const rows = await db
    .update(notifications)
    .set({ dismissedAt: sql`coalesce(${notifications.dismissedAt}, ${clock.now()})` })
    .where(
      and(eq(notifications.id, input.notificationInfoId), eq(notifications.userId, input.userId)),
    )
    .returning({ id: notifications.id });
  if (rows.length === 0) throw new AppError('NOT_FOUND', 'Notification not found.');
  return NOTIFICATION_DISMISSED;
}
