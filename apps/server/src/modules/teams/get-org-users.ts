import { describeAccessLevel, type TOrgUser } from '@waymark/core';
import { and, asc, eq, inArray, sql, type AnyColumn } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  invitations,
  orgMembers,
  orgOwners,
  projectAccess,
  projects,
  users,
} from '../../db/schema';

/**
 * spec §3 Org user, for every member and pending invitation of the organization: the Owner
 * first, then in the order they joined or were invited; each with the projects granted to them.
 * A Pending member is shown by the address and names the inviter typed, never by the account
 * behind the address: its real name would tell anyone with a trial who is registered (issue 24).
 */
export async function getOrgUsers(
  { db }: { db: Db },
  input: { orgId: number },
): Promise<TOrgUser[]> {
  const isOwner = sql<boolean>`${orgOwners.userId} is not null`;
  const isPending = sql`${orgMembers.status} = 'Pending'`;
  const shown = (typed: AnyColumn, own: AnyColumn) =>
    sql<string>`case when ${isPending} then ${typed} else ${own} end`;
  const members = await db
    .select({
      userId: orgMembers.userId,
      firstName: shown(invitations.firstName, users.firstName),
      lastName: shown(invitations.lastName, users.lastName),
      email: shown(invitations.email, users.email),
      accessLevelId: orgMembers.accessLevelId,
      status: orgMembers.status,
      isOwner,
    })
    .from(orgMembers)
    .innerJoin(users, eq(users.id, orgMembers.userId))
    .leftJoin(
      invitations,
      and(eq(invitations.orgId, orgMembers.orgId), eq(invitations.userId, orgMembers.userId)),
    )
    .leftJoin(
      orgOwners,
      and(eq(orgOwners.orgId, orgMembers.orgId), eq(orgOwners.userId, orgMembers.userId)),
    )
    .where(eq(orgMembers.orgId, input.orgId))
    .orderBy(sql`${isOwner} desc`, asc(orgMembers.createdAt), asc(orgMembers.userId));
  const granted = await db
    .select({ userId: projectAccess.userId, projectId: projects.id, projectName: projects.name })
    .from(projectAccess)
    .innerJoin(projects, eq(projects.id, projectAccess.projectId))
    .where(
      and(
        eq(projects.orgId, input.orgId),
        inArray(
          projectAccess.userId,
          members.map((member) => member.userId),
        ),
      ),
    )
    .orderBy(asc(projects.name), asc(projects.id));
  return members.map((member) => ({
    userId: member.userId,
    orgId: input.orgId,
    fullName: `${member.firstName} ${member.lastName}`.trim(),
    firstName: member.firstName,
    lastName: member.lastName,
    email: member.email,
    orgAccessLevelDescription: describeAccessLevel(member.accessLevelId, member.isOwner),
    orgAccessStatusDescription: member.status,
    projects: granted
      .filter((row) => row.userId === member.userId)
      .map(({ projectId, projectName }) => ({ projectId, projectName })),
  }));
}
