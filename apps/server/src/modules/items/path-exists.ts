import { AppError } from '@waymark/core';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { relativePaths } from '../../db/schema';

/** Answered for a URL path that is gone (deleted or merged meanwhile). */
export const PATH_NOT_FOUND = 'URL path not found.';

/**
 * Throws NOT_FOUND "URL path not found." unless path `pathId` of project `projectId` exists,
 * locked `key share` in the caller's transaction: a delete or merge of the path then waits until
 * the caller commits, and sees what it wrote (a watch, migration 0047).
 */
export async function lockPathExists(
  tx: DbOrTx,
  { projectId, pathId }: { projectId: number; pathId: number },
): Promise<void> {
  const [row] = await tx
    .select({ id: relativePaths.id })
    .from(relativePaths)
    .where(and(eq(relativePaths.id, pathId), eq(relativePaths.projectId, projectId)))
    .for('key share');
  if (!row) throw new AppError('NOT_FOUND', PATH_NOT_FOUND);
}
