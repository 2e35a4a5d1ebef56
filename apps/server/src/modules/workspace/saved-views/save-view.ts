import {
  AppError,
  SAVED_VIEWS_LIMIT_MESSAGE,
  SAVED_VIEWS_MAX,
  type TSavedView,
  type TSavedViewState,
} from '@waymark/core';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { savedViews } from '../../../db/schema';
import type { ProjectScope } from '../../access/index';
import { withUserViews, savedViewColumns, toSavedView } from './saved-view-rows';

/**
 * Saves a view of the project for the caller. A view of the same name (case ignored) is replaced
 * — saving "Open bugs" again after changing a filter updates it, as in spreadsheets' and
 * trackers' "save view" — and a new name counts against {@link SAVED_VIEWS_MAX}.
 */
export async function saveView(
  { db }: { db: Db },
  scope: ProjectScope,
  input: { userId: number; name: string; state: TSavedViewState },
): Promise<TSavedView> {
  return withUserViews(db, input.userId, scope.projectId, async (tx, mine) => {
    const [replaced] = await tx
      .update(savedViews)
      .set({ name: input.name, state: input.state, updatedAt: new Date() })
      .where(and(mine, eq(sql`lower(${savedViews.name})`, input.name.toLowerCase())))
      .returning(savedViewColumns);
    if (replaced) return toSavedView(replaced);
    const [kept] = await tx.select({ total: count() }).from(savedViews).where(mine);
    if ((kept?.total ?? 0) >= SAVED_VIEWS_MAX)
      throw new AppError('CONFLICT', SAVED_VIEWS_LIMIT_MESSAGE);
    const [created] = await tx
      .insert(savedViews)
      .values({
        userId: input.userId,
        projectId: scope.projectId,
        name: input.name,
        state: input.state,
      })
      .returning(savedViewColumns);
    if (!created) throw new Error('The saved view was not inserted');
    return toSavedView(created);
  });
}
