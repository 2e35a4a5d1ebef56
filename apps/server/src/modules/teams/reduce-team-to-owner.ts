import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { invitations, licenses, orgMembers, projectAccess, projects } from '../../db/schema';

/**
 * Ends every membership of the organization but the Owner's, with its pending invitation and
 * project access, and keeps exactly one licence, the Owner's (Free allows one user; billing's
 * moveToFree). In the caller's transaction, which holds the organization's lock.
 */
export async function reduceTeamToOwner(
  tx: DbOrTx,
  input: { orgId: number; ownerId: number },
): Promise<void> {
  const { orgId, ownerId } = input;
  const others = tx
    .select({ userId: orgMembers.userId })
    .from(orgMembers)
    .where(and(eq(orgMembers.orgId, orgId), ne(orgMembers.userId, ownerId)));
  const orgProjects = tx
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.orgId, orgId));
  await tx
    .delete(projectAccess)
    .where(
      and(inArray(projectAccess.userId, others), inArray(projectAccess.projectId, orgProjects)),
    );
  await tx
    .delete(invitations)
    .where(and(eq(invitations.orgId, orgId), ne(invitations.userId, ownerId)));
  await tx
    .delete(orgMembers)
    .where(and(eq(orgMembers.orgId, orgId), ne(orgMembers.userId, ownerId)));
  const [kept] = await tx
    .select({ id: licenses.id })
    .from(licenses)
    .where(eq(licenses.orgId, orgId))
    .orderBy(sql`${licenses.userId} = ${ownerId} desc nulls last`, licenses.id)
    .limit(1);
  if (kept) {
    await tx.delete(licenses).where(and(eq(licenses.orgId, orgId), ne(licenses.id, kept.id)));
    await tx.update(licenses).set({ userId: ownerId }).where(eq(licenses.id, kept.id));
  }
}
