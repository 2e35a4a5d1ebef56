import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { apiTokens } from '../../db/schema';

/**
 * Deletes every API token a deleted account made (issue 33): its personal access tokens and the
 * organization keys it created, which would otherwise keep acting for someone who has gone. The
 * deletion is announced on the change feed, so every copy refuses them from their next call.
 */
export async function deleteUserTokens(tx: Transaction, userId: number): Promise<void> {
  await tx.delete(apiTokens).where(eq(apiTokens.userId, userId));
}
