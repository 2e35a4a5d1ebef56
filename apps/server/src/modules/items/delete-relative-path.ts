import { eq } from 'drizzle-orm';
import { allowLongStatements, type Db } from '../../db/client';
import { relativePaths } from '../../db/schema';

/**
 * spec §7 deleteRelativePath: deletes a path and the items recorded on it (cascade), under the
 * long statement limit: a path may hold a project's every item (decision 0141).
 */
export async function deleteRelativePath(
  { db }: { db: Db },
  input: { pathId: number },
): Promise<string> {
  await db.transaction(async (tx) => {
    await allowLongStatements(tx);
    await tx.delete(relativePaths).where(eq(relativePaths.id, input.pathId));
  });
  return 'Path deleted successfully';
}
