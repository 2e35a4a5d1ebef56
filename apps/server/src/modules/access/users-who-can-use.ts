import { ADMIN_ACCESS_LEVEL_ID } from '@waymark/core';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orgMembers, projectAccess, projects } from '../../db/schema';

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
