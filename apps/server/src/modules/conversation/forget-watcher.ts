import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { watches } from '../../db/schema';

/**
 * Deletes a deleted account's watches (issue 33). The notes mentioning it keep their mention
 * rows, which point at the tombstone: panels show "@Former member" where the name was.
 */
export async function forgetWatcher(tx: Transaction, userId: number): Promise<void> {
  await tx.delete(watches).where(eq(watches.userId, userId));
}
