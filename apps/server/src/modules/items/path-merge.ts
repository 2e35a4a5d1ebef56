import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * Names, for the rest of the transaction, the path about to be deleted because it merged into
 * `intoId`: the delete's trigger (migration 0047) then hands its page watches to `intoId` instead
 * of forgetting them. Call it right before deleting path `pathId`.
 */
export async function markPathMerge(
  tx: DbOrTx,
  { pathId, intoId }: { pathId: number; intoId: number },
): Promise<void> {
  await tx.execute(sql`select set_config('waymark.path_merge', ${`${pathId}:${intoId}`}, true)`);
}
