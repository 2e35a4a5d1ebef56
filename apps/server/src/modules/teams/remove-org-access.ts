import { AppError, USER_DELETED_MESSAGE } from '@waymark/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db, Transaction } from '../../db/client';
import { invitations, licenses, orgMembers, projectAccess, projects } from '../../db/schema';
import { recordAudit, type AuditContext } from '../audit/index';
import { dismissInvitationNotice } from '../notifications/index';
import { requireMembership, type Membership } from './membership';
import { lockOrg } from './org-lock';
import { OWNER_NOT_REMOVABLE } from './team-messages';

/**
 * Takes a user out of the organization, in the caller's transaction (the organization row
 * locked): the membership, their access to its projects, the invitation and its unanswered
 * notification go, and the licence is freed. Their items stay. Every copy's membership cache
 * forgets the user when the row goes (change feed), so their next call is refused on any copy.
 */
export async function detachMember(
  tx: Transaction,
  input: { orgId: number; userId: number; at: Date },
): Promise<void> {
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
  await dismissInvitationNotice(tx, { userId: input.userId, orgId: input.orgId, at: input.at });
}

/** The audit row's "before" of a member taken out: what they had. */
export function memberBefore(member: Membership): Record<string, unknown> {
  return { status: member.status, accessLevel: member.isAdmin ? 'Admin' : 'Member' };
}

/**
 * Removes a member or a pending invitation from the organization (spec §7 removeOrgAccess), in
 * one transaction with its audit row ({@link detachMember}). The Owner is never removed (spec §6).
 */
export async function removeOrgAccess(
  { db, clock }: { db: Db; clock: Clock },
  input: { orgId: number; userId: number },
  audit: AuditContext,
): Promise<string> {
  return db.transaction(async (tx) => {
    await lockOrg(tx, input.orgId);
    const member = await requireMembership(tx, input);
    if (member.isOwner) throw new AppError('FORBIDDEN', OWNER_NOT_REMOVABLE);
    const at = clock.now();
    await detachMember(tx, { ...input, at });
    await recordAudit(tx, audit, {
      orgId: input.orgId,
      action: 'member.removed',
      target: { type: 'user', id: input.userId, label: member.email },
      before: memberBefore(member),
      at,
    });
    return USER_DELETED_MESSAGE;
  });
}
