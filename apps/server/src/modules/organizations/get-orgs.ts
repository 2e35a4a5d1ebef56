import { ADMIN_ACCESS_LEVEL_ID, describeAccessLevel, type TOrganization } from '@waymark/core';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orgMembers, orgOwners, organizations } from '../../db/schema';

/**
 * The organizations the user is an active member of. spec §3: the first one is selected, so the
 * order is: the one the user owns, other admin organizations, then the rest, each by join date.
 * A closed one carries its closure dates (issue 33).
 */
export async function getOrgs(
  { db }: { db: Db },
  input: { userId: number },
): Promise<TOrganization[]> {
  const isOwner = sql<boolean>`${orgOwners.userId} is not null`;
  const rows = await db
    .select({
      orgId: organizations.id,
      orgName: organizations.name,
      accessLevelId: orgMembers.accessLevelId,
      isOwner,
      closedAt: organizations.closedAt,
      deletesAt: organizations.deletesAt,
    })
    .from(orgMembers)
    .innerJoin(organizations, eq(organizations.id, orgMembers.orgId))
    .leftJoin(
      orgOwners,
      and(eq(orgOwners.orgId, orgMembers.orgId), eq(orgOwners.userId, orgMembers.userId)),
    )
    .where(and(eq(orgMembers.userId, input.userId), eq(orgMembers.status, 'Active')))
    .orderBy(
      sql`${isOwner} desc`,
      sql`${orgMembers.accessLevelId} = ${ADMIN_ACCESS_LEVEL_ID} desc`,
      asc(orgMembers.createdAt),
      asc(organizations.id),
    );
  return rows.map((row) => ({
    orgId: row.orgId,
    orgName: row.orgName,
    orgAccessLevelId: row.accessLevelId,
    orgAccessLevelDescription: describeAccessLevel(row.accessLevelId, row.isOwner),
    ...(row.closedAt &&
      row.deletesAt && {
        closure: { closedAt: row.closedAt.toISOString(), deletesAt: row.deletesAt.toISOString() },
      }),
  }));
}
