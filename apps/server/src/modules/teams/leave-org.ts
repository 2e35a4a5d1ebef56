import { AppError } from '@waymark/core';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { recordAudit, type AuditContext } from '../audit/index';
import { countOtherMembers } from './count-other-members';
import { requireMembership } from './membership';
import { lockOrg } from './org-lock';
import { detachMember, memberBefore } from './remove-org-access';
import { leftOrg, onlyAdminCannotLeave, ownerCannotLeave } from './team-messages';

/**
 * The caller leaves the organization (issue 33), in one transaction with its audit row: the
 * same removal as an admin's ({@link detachMember}: licence freed, project access gone, every
 * copy's membership cache told by the change feed), their items staying. Refused (CONFLICT) for
 * the Owner, and for the last admin while other active members use the organization: it would
 * be left with nobody to manage it. The organization row is locked first, so two admins leaving
 * at once cannot both pass the check.
 */
export async function leaveOrg(
  { db, clock }: { db: Db; clock: Clock },
  input: { orgId: number; userId: number },
  audit: AuditContext,
): Promise<string> {
  return db.transaction(async (tx) => {
    const { orgName } = await lockOrg(tx, input.orgId);
    const member = await requireMembership(tx, input);
    if (member.isOwner) throw new AppError('CONFLICT', ownerCannotLeave(orgName));
    if (
      member.isAdmin &&
      (await countOtherMembers(tx, input, true)) === 0 &&
      (await countOtherMembers(tx, input, false)) > 0
    )
      throw new AppError('CONFLICT', onlyAdminCannotLeave(orgName));
    const at = clock.now();
    await detachMember(tx, { ...input, at });
    await recordAudit(tx, audit, {
      orgId: input.orgId,
      action: 'member.left',
      target: { type: 'user', id: input.userId, label: member.email },
      before: memberBefore(member),
      at,
    });
    return leftOrg(orgName);
  });
}
