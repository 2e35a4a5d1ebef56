import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { savedViews } from '../../../db/schema';
import type { ProjectScope } from '../../access/index';
import { viewNotFound } from './saved-view-rows';

/** Deletes one of the caller's views; someone else's (or a missing one) is a 404. */
export async function deleteView(
  { db }: { db: Db },
  scope: ProjectScope,
  input: { userId: number; viewId: number },
): Promise<{ viewId: number }> {
  const [deleted] = await db
    .delete(savedViews)
    .where(
      and(
        eq(savedViews.id, input.viewId),
        eq(savedViews.userId, input.userId),
        eq(savedViews.projectId, scope.projectId),
      ),
    )
    .returning({ viewId: savedViews.id });
  if (!deleted) throw viewNotFound();
  return deleted;
}
