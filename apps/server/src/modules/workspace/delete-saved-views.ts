import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { savedViews } from '../../db/schema';

/** Deletes every saved view of a deleted account (issue 33). */
export async function deleteUserSavedViews(tx: Transaction, userId: number): Promise<void> {
  await tx.delete(savedViews).where(eq(savedViews.userId, userId));
}
