import {
  AppError,
  MEMBER_ACCESS_LEVEL_ID,
  NOTIFICATION_TEMPLATES,
  type TInvite,
} from '@waymark/core';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { MailConfig } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { invitations, licenses, orgMembers, projectAccess } from '../../db/schema';
import { recordAudit, type AuditContext } from '../audit/index';
import { requireFeature, getOrgPlan } from '../entitlements/index';
import { invitationMail, type Mailer } from '../mail/index';
import { queueNotification } from '../notifications/index';
import { findOrCreateInvitee } from './find-or-create-invitee';
import { describeInviter } from './inviter';
import { invitationNotificationHtml, invitationSignUpUrl } from './invitation-content';
import { requireOrgProjects } from './membership';
import { lockOrg } from './org-lock';
import { spendInvitationBudget } from './spend-invitation-budget';
import { alreadyInvited, alreadyMember, invitationSent, NO_FREE_LICENSE } from './team-messages';

/** What {@link inviteUser} needs. */
export type InviteDeps = {
  db: Db;
  /** The outbox: the invitation e-mail is enqueued in the invitation's transaction. */
  mailer: Mailer;
  clock: Clock;
  /** The server's public URL, for the e-mail's sign-up link. */
  publicUrl: string;
  /** Invitation e-mails an organization may cause per day (decision 0137). */
  invitationsPerDay: MailConfig['invitationsPerDay'];
};

/**
 * Invites `input.email` to the organization as a Member (level 2, spec §6) with access to
 * `input.projectId`, in one transaction: the Pending membership takes a free licence at once, so
 * licences are never oversold (the organization row is locked first, so concurrent invitations
 * count one after another), and the template-4 notification and the invitation e-mail are
 * written in the same transaction (neither lost nor sent for an invitation that did not happen).
 *
 * Refusals: the plan lacks user management (PLAN_LIMIT, spec §9); a project of another
 * organization (NOT_FOUND); the address is a member or already invited, or no licence is free
 * (CONFLICT); the organization's invitation e-mails for today are spent (RATE_LIMITED, decision
 * 0137). A refusal writes nothing: no row, no mail, no count.
 *
 * @param inviterUserId the admin inviting, named in the e-mail.
 * @param audit who invited, from where: the audit log's row is written in the same transaction.
 */
export async function inviteUser(
  deps: InviteDeps,
  input: TInvite,
  inviterUserId: number,
  audit: AuditContext,
): Promise<string> {
  const email = input.email.toLowerCase();
  return deps.db.transaction(async (tx) => {
    const { orgName } = await lockOrg(tx, input.orgId);
    const plan = await getOrgPlan(tx, input.orgId);
    requireFeature(plan, 'userManagement');
    const projectIds = await requireOrgProjects(tx, {
      orgId: input.orgId,
      projectIds: input.projectId,
    });
    const userId = await findOrCreateInvitee(tx, { ...input, email });
    await refuseExistingMember(tx, { orgId: input.orgId, userId, email });
    await takeLicense(tx, { orgId: input.orgId, userId });
    await spendInvitationBudget({ ...deps, tx }, { orgId: input.orgId, plan });
    await tx.insert(orgMembers).values({
      orgId: input.orgId,
      userId,
      accessLevelId: MEMBER_ACCESS_LEVEL_ID,
      status: 'Pending',
    });
    if (projectIds.length > 0)
      await tx.insert(projectAccess).values(projectIds.map((projectId) => ({ projectId, userId })));
    const now = deps.clock.now();
    await tx.insert(invitations).values({
      orgId: input.orgId,
      userId,
      invitedByUserId: inviterUserId,
      lastSentAt: now,
      email,
      firstName: input.firstName,
      lastName: input.lastName,
    });
    const facts = {
      email,
      orgName,
      inviterName: await describeInviter(tx, inviterUserId),
      publicUrl: deps.publicUrl,
    };
    await queueNotification(
      { db: tx },
      {
        userId,
        orgId: input.orgId,
        templateId: NOTIFICATION_TEMPLATES.orgInvitation,
        descriptionHtml: invitationNotificationHtml(facts),
      },
    );
    await deps.mailer.enqueue(
      tx,
      invitationMail({
        ...facts,
        to: email,
        firstName: input.firstName,
        url: invitationSignUpUrl(facts),
      }),
      'organization',
    );
    await recordAudit(tx, audit, {
      orgId: input.orgId,
      action: 'member.invited',
      target: { type: 'user', id: userId, label: email },
      after: { accessLevel: 'Member', projectIds },
      at: now,
    });
    return invitationSent(email);
  });
}

async function refuseExistingMember(
  tx: DbOrTx,
  input: { orgId: number; userId: number; email: string },
): Promise<void> {
  const [member] = await tx
    .select({ status: orgMembers.status })
    .from(orgMembers)
    .where(and(eq(orgMembers.orgId, input.orgId), eq(orgMembers.userId, input.userId)));
  if (!member) return;
  throw new AppError(
    'CONFLICT',
    member.status === 'Active' ? alreadyMember(input.email) : alreadyInvited(input.email),
  );
}

/** Assigns a free licence of the organization to `userId`; CONFLICT when none is free. */
async function takeLicense(tx: DbOrTx, input: { orgId: number; userId: number }): Promise<void> {
  const [free] = await tx
    .select({ id: licenses.id })
    .from(licenses)
    .where(and(eq(licenses.orgId, input.orgId), isNull(licenses.userId)))
    .orderBy(asc(licenses.id))
    .limit(1);
  if (!free) throw new AppError('CONFLICT', NO_FREE_LICENSE);
  await tx.update(licenses).set({ userId: input.userId }).where(eq(licenses.id, free.id));
}
