import { and, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { projects } from '../../db/schema';
import { canUseProject } from '../access/index';

/** Which of `projectIds` `userId` can use now (spec §6: active admin, or granted the project). */
export async function canUseProjects(
  db: DbOrTx,
  userId: number,
  projectIds: number[],
): Promise<number[]> {
  if (projectIds.length === 0) return [];
  const rows = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(inArray(projects.id, projectIds), canUseProject(userId)));
  return rows.map((row) => row.id);
}
