import { AppError, SIGN_IN_MESSAGE } from '@waymark/core';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { recordAudit, type AuditContext } from '../audit/index';
import { anonymiseUser, lockUser } from '../auth/index';
import { closeLoneOwnersOrg, type ClosingDeps } from '../closing/index';
import { forgetWatcher } from '../conversation/index';
import { deleteIdpAccount } from '../identity/index';
import { forgetInboxUser } from '../inbox/index';
import { accountDeletedMail, type Mailer } from '../mail/index';
import { deleteUserNotifications } from '../notifications/index';
import { forgetMemberships } from '../teams/index';
import { deleteUserTokens } from '../tokens/index';
import { deleteUserSavedViews } from '../workspace/index';
import { ACCOUNT_DELETED } from './account-messages';
import { confirmDeletion } from './confirm-deletion';

/** What {@link deleteAccount} needs. */
export type DeleteAccountDeps = {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  isEmbedded: boolean;
  /** Closes the organization of an owner nobody else works with (issue 33). */
  closing: ClosingDeps;
};

/**
 * Deletes the caller's account (issue 33, decision 0054) in one transaction, so a crash leaves
 * either nothing or everything done: memberships, licences, project access, invitations, API
 * tokens, provider sessions and grants, notifications, inbox, watches and saved views go; the
 * user row becomes the "Former member" tombstone their items, notes and mentions point at; one
 * audit row per organization they were in; the confirmation mail joins the outbox. The user row
 * is locked first, so concurrent requests (any copy) take effect once: the later ones find the
 * tombstone and answer the same text without doing anything again. An owner's organization that
 * nobody else uses is closed first (issue 33: deleted after the grace period); refused with
 * CONFLICT while they own an open organization others use or are the only admin of one.
 */
export async function deleteAccount(
  deps: DeleteAccountDeps,
  input: { userId: number; confirmation: string },
  audit: AuditContext,
): Promise<string> {
  return deps.db.transaction(async (tx) => {
    const user = await lockUser(tx, input.userId);
    if (!user) throw new AppError('UNAUTHORIZED', SIGN_IN_MESSAGE);
    if (user.deletedAt) return ACCOUNT_DELETED;
    await confirmDeletion(deps, { ...user, confirmation: input.confirmation });
    await closeLoneOwnersOrg(tx, deps.closing, { userId: input.userId }, audit);
    const at = deps.clock.now();
    const left = await forgetMemberships(tx, { userId: input.userId, at });
    for (const membership of left)
      await recordAudit(tx, audit, {
        orgId: membership.orgId,
        action: 'account.deleted',
        target: { type: 'user', id: input.userId, label: user.email },
        before: membership.before,
        at,
      });
    await deleteUserTokens(tx, input.userId);
    await deleteUserNotifications(tx, input.userId);
    await forgetInboxUser(tx, input.userId);
    await forgetWatcher(tx, input.userId);
    await deleteUserSavedViews(tx, input.userId);
    await deleteIdpAccount(tx, user.subject);
    await deps.mailer.enqueue(
      tx,
      accountDeletedMail({
        to: user.email,
        firstName: user.firstName,
        orgNames: left.map((membership) => membership.orgName).filter(Boolean),
      }),
      'identity',
    );
    await anonymiseUser(tx, { userId: input.userId, at });
    return ACCOUNT_DELETED;
  });
}
