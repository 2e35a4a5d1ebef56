import { ADMIN_ACCESS_LEVEL_ID } from '@waymark/core';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orgMembers, projectAccess, projects } from '../../db/schema';
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

/** Which of `userIds` can use `projectId` now (spec §6). */
export async function usersWhoCanUse(
  db: DbOrTx,
  projectId: number,
  userIds: number[],
): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ userId: orgMembers.userId })
    .from(projects)
    .innerJoin(
      orgMembers,
      and(eq(orgMembers.orgId, projects.orgId), eq(orgMembers.status, 'Active')),
    )
    .where(
      and(
        eq(projects.id, projectId),
        inArray(orgMembers.userId, userIds),
        or(
          eq(orgMembers.accessLevelId, ADMIN_ACCESS_LEVEL_ID),
          sql`exists (select 1 from ${projectAccess} where ${projectAccess.projectId} = ${projects.id} and ${projectAccess.userId} = ${orgMembers.userId})`,
        ),
      ),
    );
  return rows.map((row) => row.userId);
}
