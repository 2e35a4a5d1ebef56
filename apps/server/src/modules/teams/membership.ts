import { ADMIN_ACCESS_LEVEL_ID, AppError } from '@waymark/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orgMembers, orgOwners, projects, users } from '../../db/schema';
import { PROJECTS_NOT_FOUND, USER_NOT_FOUND } from './team-messages';

/** A user's membership of an organization, as the team calls need it. */
export type Membership = {
  userId: number;
  email: string;
  firstName: string;
  status: 'Active' | 'Pending';
  isOwner: boolean;
  /** Access level 1 (spec §6). */
  isAdmin: boolean;
};

/**
 * The membership of `userId` in `orgId` (Active or Pending); NOT_FOUND when there is none, so a
 * user id of another organization reveals nothing.
 */
export async function requireMembership(
  tx: DbOrTx,
  input: { orgId: number; userId: number },
): Promise<Membership> {
  const [row] = await tx
    .select({
      userId: orgMembers.userId,
      email: users.email,
      firstName: users.firstName,
      status: orgMembers.status,
      isOwner: sql<boolean>`${orgOwners.userId} is not null`,
      isAdmin: sql<boolean>`${orgMembers.accessLevelId} = ${ADMIN_ACCESS_LEVEL_ID}`,
    })
    .from(orgMembers)
    .innerJoin(users, eq(users.id, orgMembers.userId))
    .leftJoin(
      orgOwners,
      and(eq(orgOwners.orgId, orgMembers.orgId), eq(orgOwners.userId, orgMembers.userId)),
    )
    .where(and(eq(orgMembers.orgId, input.orgId), eq(orgMembers.userId, input.userId)));
  if (!row) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
  return { ...row, status: row.status === 'Active' ? 'Active' : 'Pending' };
}

/** Throws NOT_FOUND unless every id in `projectIds` is a project of `orgId`. */
export async function requireOrgProjects(
  tx: DbOrTx,
  input: { orgId: number; projectIds: readonly number[] },
): Promise<number[]> {
  const unique = [...new Set(input.projectIds)];
  if (unique.length === 0) return [];
  const found = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.orgId, input.orgId), inArray(projects.id, unique)));
  if (found.length !== unique.length) throw new AppError('NOT_FOUND', PROJECTS_NOT_FOUND);
  return unique;
}
