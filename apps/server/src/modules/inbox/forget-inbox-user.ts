import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { digestRuns, inboxEntries, notificationPrefs, notificationSettings } from '../../db/schema';

/**
 * Deletes a deleted account's inbox, notification preferences and digest bookkeeping (issue 33).
 * Entries others received about what it did stay; their actor reads as "Former member".
 */
export async function forgetInboxUser(tx: Transaction, userId: number): Promise<void> {
  await tx.delete(inboxEntries).where(eq(inboxEntries.userId, userId));
  await tx.delete(notificationPrefs).where(eq(notificationPrefs.userId, userId));
  await tx.delete(notificationSettings).where(eq(notificationSettings.userId, userId));
  await tx.delete(digestRuns).where(eq(digestRuns.userId, userId));
}
