import { AppError } from '@waymark/core';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { relativePathAliases } from '../../../db/schema';
import type { ProjectScope } from '../../access/index';

/**
 * Issue 31: an administrator undoes an alias — an accepted canonical link or an old address
 * kept after a rename. The address then shows its own (empty) page again; no item moves.
 */
export async function deletePathAlias(
  { db }: { db: Db },
  scope: ProjectScope,
  input: { path: string },
): Promise<string> {
  const removed = await db
    .delete(relativePathAliases)
    .where(
      and(
        eq(relativePathAliases.projectId, scope.projectId),
        eq(relativePathAliases.path, input.path),
      ),
    )
    .returning({ path: relativePathAliases.path });
  if (removed.length === 0)
    throw new AppError('NOT_FOUND', `${input.path} does not show another page in this project.`);
  return `${input.path} shows its own page again.`;
}
