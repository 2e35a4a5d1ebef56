import { AppError, SAVED_VIEW_NAME_TAKEN_MESSAGE, type TSavedView } from '@waymark/core';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { savedViews } from '../../../db/schema';
import type { ProjectScope } from '../../access/index';
import { withUserViews, savedViewColumns, toSavedView, viewNotFound } from './saved-view-rows';

/** Renames one of the caller's views; a name another of their views has is a 409. */
export async function renameView(
  { db }: { db: Db },
  scope: ProjectScope,
  input: { userId: number; viewId: number; name: string },
): Promise<TSavedView> {
  return withUserViews(db, input.userId, scope.projectId, async (tx, mine) => {
    const [view] = await tx
      .select({ id: savedViews.id })
      .from(savedViews)
      .where(and(mine, eq(savedViews.id, input.viewId)));
    if (!view) throw viewNotFound();
    const [clash] = await tx
      .select({ id: savedViews.id })
      .from(savedViews)
      .where(
        and(
          mine,
          ne(savedViews.id, input.viewId),
          eq(sql`lower(${savedViews.name})`, input.name.toLowerCase()),
        ),
      );
    if (clash) throw new AppError('CONFLICT', SAVED_VIEW_NAME_TAKEN_MESSAGE);
    const [renamed] = await tx
      .update(savedViews)
      .set({ name: input.name, updatedAt: new Date() })
      .where(eq(savedViews.id, input.viewId))
      .returning(savedViewColumns);
    if (!renamed) throw viewNotFound();
    return toSavedView(renamed);
  });
}
