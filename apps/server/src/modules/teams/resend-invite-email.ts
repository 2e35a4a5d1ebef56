import { AppError } from '@waymark/core';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invitations } from '../../db/schema';
import { invitationMail } from '../mail/index';
import type { InviteDeps } from './invite-user';
import { describeInviter } from './inviter';
import { invitationSignUpUrl } from './invitation-content';
import { requireMembership } from './membership';
import { lockOrg } from './org-lock';
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
 * one. The send time is recorded in the transaction that enqueues the mail.
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
    const invitation = await readInvitation(tx, input);
    const now = deps.clock.now();
    if (invitation && now.getTime() - invitation.lastSentAt.getTime() < RESEND_INTERVAL_MS)
      throw new AppError('RATE_LIMITED', RESEND_TOO_SOON);
    await tx
      .insert(invitations)
      .values({ ...input, lastSentAt: now })
      .onConflictDoUpdate({
        target: [invitations.orgId, invitations.userId],
        set: { lastSentAt: now },
      });
    const facts = {
      email: member.email,
      orgName,
      inviterName: await describeInviter(tx, invitation?.invitedByUserId ?? null),
      publicUrl: deps.publicUrl,
    };
    await deps.mailer.enqueue(
      tx,
      invitationMail({
        ...facts,
        to: member.email,
        firstName: member.firstName,
        url: invitationSignUpUrl(facts),
      }),
    );
    return invitationResent(member.email);
  });
}

async function readInvitation(
  tx: Pick<Db, 'select'>,
  input: { orgId: number; userId: number },
): Promise<{ lastSentAt: Date; invitedByUserId: number | null } | undefined> {
  const [row] = await tx
    .select({ lastSentAt: invitations.lastSentAt, invitedByUserId: invitations.invitedByUserId })
    .from(invitations)
    .where(and(eq(invitations.orgId, input.orgId), eq(invitations.userId, input.userId)));
  return row;
}
