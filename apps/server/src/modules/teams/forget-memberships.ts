import { AppError } from '@waymark/core';
import { asc, eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { invitations, orgMembers, orgOwners } from '../../db/schema';
import { countOtherMembers } from './count-other-members';
import { requireMembership } from './membership';
import { lockOrg } from './org-lock';
import { detachMember, memberBefore } from './remove-org-access';
import { onlyAdminCannotDeleteAccount, ownerCannotDeleteAccount } from './team-messages';

/** An organization a deleted account was taken out of, for its audit row. */
export type ForgottenMembership = {
  orgId: number;
  orgName: string;
  before: Record<string, unknown>;
};

/**
 * Takes a deleted account out of every organization (issue 33), in the caller's transaction:
 * each membership or pending invitation goes as in {@link detachMember} (licence freed, project
 * access and invitation notices gone, every copy told), their items staying. Refused (CONFLICT,
 * nothing changed) while they own an open organization or are the only admin of an open one others
 * use (a closed one is deleted on schedule, so nobody needs an admin there). The
 * organizations are locked in id order, as a leave or removal would lock each, so a concurrent
 * change to a membership cannot slip between the check and the removal.
 */
export async function forgetMemberships(
  tx: Transaction,
  input: { userId: number; at: Date },
): Promise<ForgottenMembership[]> {
  const [owned] = await tx
    .select({ orgId: orgOwners.orgId })
    .from(orgOwners)
    .where(eq(orgOwners.userId, input.userId));
  // Issue 33: an owner may go once their organization is closed (it is deleted on schedule and
  // nobody can reopen it); the account deletion closes it first when nobody else uses it.
  if (owned) {
    const { orgName, isClosed } = await lockOrg(tx, owned.orgId);
    if (!isClosed) throw new AppError('CONFLICT', ownerCannotDeleteAccount(orgName));
  }
  const rows = await tx
    .selectDistinct({ orgId: orgMembers.orgId })
    .from(orgMembers)
    .where(eq(orgMembers.userId, input.userId))
    .orderBy(asc(orgMembers.orgId));
  const forgotten: ForgottenMembership[] = [];
  for (const { orgId } of rows) {
    const { orgName, isClosed } = await lockOrg(tx, orgId);
    const of = { orgId, userId: input.userId };
    const member = await requireMembership(tx, of);
    if (
      !isClosed &&
      member.status === 'Active' &&
      member.isAdmin &&
      (await countOtherMembers(tx, of, true)) === 0 &&
      (await countOtherMembers(tx, of, false)) > 0
    )
      throw new AppError('CONFLICT', onlyAdminCannotDeleteAccount(orgName));
    forgotten.push({ orgId, orgName, before: memberBefore(member) });
  }
  for (const { orgId } of forgotten)
    await detachMember(tx, { orgId, userId: input.userId, at: input.at });
  // Invitations the account sent stay (their inviter column empties when a row goes); those it
  // received without a membership row are gone with it.
  await tx.delete(invitations).where(eq(invitations.userId, input.userId));
  return forgotten;
}
