import type { TSavedView } from '@waymark/core';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { savedViews } from '../../../db/schema';
import type { ProjectScope } from '../../access/index';
import { savedViewColumns, toSavedView } from './saved-view-rows';

/** The caller's own saved views of the project, by name (case ignored). */
export async function listSavedViews(
  { db }: { db: Db },
  scope: ProjectScope,
  userId: number,
): Promise<TSavedView[]> {
  const rows = await db
    .select(savedViewColumns)
    .from(savedViews)
    .where(and(eq(savedViews.userId, userId), eq(savedViews.projectId, scope.projectId)))
    .orderBy(asc(sql`lower(${savedViews.name})`), asc(savedViews.id));
  return rows.map(toSavedView);
}
