import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { notifications } from '../../db/schema';

/** Deletes every site notification queued for a deleted account (issue 33). */
export async function deleteUserNotifications(tx: Transaction, userId: number): Promise<void> {
  await tx.delete(notifications).where(eq(notifications.userId, userId));
}
