import { AppError, USER_DELETED_MESSAGE } from '@waymark/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { invitations, licenses, orgMembers, projectAccess, projects } from '../../db/schema';
import { dismissInvitationNotice } from '../notifications/index';
import { requireMembership } from './membership';
import { lockOrg } from './org-lock';
import { OWNER_NOT_REMOVABLE } from './team-messages';

/**
 * Removes a member or a pending invitation from the organization (spec §7 removeOrgAccess), in
 * one transaction: the membership, the user's access to the organization's projects, the
 * invitation and its unanswered notification go, and the licence is freed. Every copy's membership
 * cache forgets the user when the row goes (change feed), so their next call is refused on any
 * copy. The Owner is never removed (spec §6).
 */
export async function removeOrgAccess(
  { db, clock }: { db: Db; clock: Clock },
  input: { orgId: number; userId: number },
): Promise<string> {
  return db.transaction(async (tx) => {
    await lockOrg(tx, input.orgId);
    const member = await requireMembership(tx, input);
    if (member.isOwner) throw new AppError('FORBIDDEN', OWNER_NOT_REMOVABLE);
    const ofUser = (table: typeof orgMembers | typeof invitations | typeof licenses) =>
      and(eq(table.orgId, input.orgId), eq(table.userId, input.userId));
    await tx.delete(orgMembers).where(ofUser(orgMembers));
    await tx.delete(invitations).where(ofUser(invitations));
    await tx.update(licenses).set({ userId: null }).where(ofUser(licenses));
    const orgProjects = tx
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.orgId, input.orgId));
    await tx
      .delete(projectAccess)
      .where(
        and(eq(projectAccess.userId, input.userId), inArray(projectAccess.projectId, orgProjects)),
      );
    await dismissInvitationNotice(tx, {
      userId: input.userId,
      orgId: input.orgId,
      at: clock.now(),
    });
    return USER_DELETED_MESSAGE;
  });
}
