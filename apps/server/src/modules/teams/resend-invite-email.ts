import { AppError } from '@waymark/core';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invitations } from '../../db/schema';
import { getOrgPlan } from '../entitlements/index';
import { invitationMail } from '../mail/index';
import type { InviteDeps } from './invite-user';
import { describeInviter } from './inviter';
import { invitationSignUpUrl } from './invitation-content';
import { requireMembership } from './membership';
import { lockOrg } from './org-lock';
import { spendInvitationBudget } from './spend-invitation-budget';
import {
  invitationResent,
  NOT_PENDING,
  OWNER_NOT_INVITABLE,
  RESEND_TOO_SOON,
} from './team-messages';

/** issue 12: one invitation e-mail a minute per invitee at most. */
export const RESEND_INTERVAL_MS = 60_000;

/**
 * Enqueues the invitation e-mail of a Pending member again (spec §7 resendInviteEmail). Never for
 * the Owner or someone who has accepted (spec §4, §6); RATE_LIMITED within a minute of the last
 * one, or when the organization's invitation e-mails for today are spent (decision 0137). The
 * send time and the budget's count are recorded in the transaction that enqueues the mail.
 */
export async function resendInviteEmail(
  deps: InviteDeps,
  input: { orgId: number; userId: number },
): Promise<string> {
  return deps.db.transaction(async (tx) => {
    const { orgName } = await lockOrg(tx, input.orgId);
    const member = await requireMembership(tx, input);
    if (member.isOwner) throw new AppError('FORBIDDEN', OWNER_NOT_INVITABLE);
    if (member.status !== 'Pending') throw new AppError('CONFLICT', NOT_PENDING);
    // Every Pending membership has its invitation (migration 0013).
    const invitation = await readInvitation(tx, input);
    if (!invitation) throw new AppError('CONFLICT', NOT_PENDING);
    const now = deps.clock.now();
    if (now.getTime() - invitation.lastSentAt.getTime() < RESEND_INTERVAL_MS)
      throw new AppError('RATE_LIMITED', RESEND_TOO_SOON);
    const plan = await getOrgPlan(tx, input.orgId, { lock: 'none' });
    await spendInvitationBudget({ ...deps, tx }, { orgId: input.orgId, plan });
    await tx
      .update(invitations)
      .set({ lastSentAt: now })
      .where(and(eq(invitations.orgId, input.orgId), eq(invitations.userId, input.userId)));
    // The address and name the inviter typed: the account behind it is not theirs to see (issue 24).
    const { email, firstName } = invitation;
    const facts = {
      email,
      orgName,
      inviterName: await describeInviter(tx, invitation.invitedByUserId),
      publicUrl: deps.publicUrl,
    };
    await deps.mailer.enqueue(
      tx,
      invitationMail({ ...facts, to: email, firstName, url: invitationSignUpUrl(facts) }),
      'organization',
    );
    return invitationResent(email);
  });
}

async function readInvitation(
  tx: Pick<Db, 'select'>,
  input: { orgId: number; userId: number },
): Promise<
  { lastSentAt: Date; invitedByUserId: number | null; email: string; firstName: string } | undefined
> {
  const [row] = await tx
    .select({
      lastSentAt: invitations.lastSentAt,
      invitedByUserId: invitations.invitedByUserId,
      email: invitations.email,
      firstName: invitations.firstName,
    })
    .from(invitations)
    .where(and(eq(invitations.orgId, input.orgId), eq(invitations.userId, input.userId)));
  return row;
}
