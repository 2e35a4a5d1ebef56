import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { relativePaths } from '../../db/schema';

/** spec §7 deleteRelativePath: deletes a path and the items recorded on it (cascade). */
export async function deleteRelativePath(
  { db }: { db: Db },
  input: { pathId: number },
): Promise<string> {
  await db.delete(relativePaths).where(eq(relativePaths.id, input.pathId));
  return 'Path deleted successfully';
}
