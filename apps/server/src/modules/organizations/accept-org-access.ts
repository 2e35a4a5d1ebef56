import { ACCESS_ACCEPTED_MESSAGE, AppError } from '@waymark/core';
import type { Db } from '../../db/client';
import { assertOrgOpen } from '../access/index';
import { dismissInvitationNotice } from '../notifications/index';
import { activateMembership } from '../teams/index';

/**
 * Accepts the user's invitation to an organization (spec §6: done through a notification):
 * the Pending membership turns Active and the template-4 invitation is dismissed, in one
 * transaction. No pending invitation, or an unknown organization, is NOT_FOUND; an invitation to
 * an organization its owner closed is CONFLICT and nothing changes (the closed-org rule of every
 * write, decided after the invitation so outsiders learn nothing).
 */
export async function acceptOrgAccess(
  { db, clock }: { db: Db; clock: { now: () => Date } },
  input: { userId: number; orgId: number },
): Promise<string> {
  return db.transaction(async (tx) => {
    if (!(await activateMembership(tx, input)))
      throw new AppError('NOT_FOUND', 'There is no pending invitation to this organization.');
    await assertOrgOpen(tx, input.orgId);
    await dismissInvitationNotice(tx, { ...input, at: clock.now() });
    return ACCESS_ACCEPTED_MESSAGE;
  });
}
