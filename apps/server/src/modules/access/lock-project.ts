import { AppError, PROJECT_NOT_FOUND } from '@waymark/core';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { projects } from '../../db/schema';

/**
 * Key-share locks a project's row for the rest of the transaction and answers whether it still
 * exists. A write that locks rows of a project and then writes a row naming the project (whose
 * foreign key key-share locks it) takes this first: a project's delete locks the project, then its
 * cascade those rows, and the other order deadlocked (decisions 0125, 0129). Held, it makes the
 * delete wait for the write; a project deleted meanwhile is gone when the lock is granted.
 */
export async function lockProjectRow(tx: DbOrTx, projectId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.id, projectId))
    .for('key share');
  return rows.length > 0;
}

/** {@link lockProjectRow}, NOT_FOUND "Project not found." when the project is gone. */
export async function lockLiveProject(tx: DbOrTx, projectId: number): Promise<void> {
  if (!(await lockProjectRow(tx, projectId))) throw new AppError('NOT_FOUND', PROJECT_NOT_FOUND);
}
