import { AppError, CLOSE_ORG_NAME_MISMATCH, NOTIFICATION_TEMPLATES } from '@waymark/core';
import { recordAudit, type AuditContext } from '../audit/index';
import { formatDay, notifyAdmins } from '../billing/index';
import type { DbOrTx } from '../../db/client';
import { setOrgClosure, type OrgClosureState } from '../organizations/index';
import type { ClosingDeps } from './closing-deps';
import { lockOwnedOrg } from './lock-owned-org';
import { orgClosedMessage } from './closing-messages';

const DAY_MS = 86_400_000;

/**
 * Closes an organization (issue 33, decision 0063), its owner confirming with its name, in one
 * transaction under the organization's row lock: closed at once (every copy reads the row on each
 * write), its plan ended and its gateway customer queued for deletion, one audit row, one notice
 * and mail to its admins. Concurrent or repeated requests (any copy) wait for the lock, find it
 * closed and answer the same text without doing anything again.
 */
export async function closeOrganization(
  deps: ClosingDeps,
  input: { orgId: number; userId: number; confirmName: string },
  audit: AuditContext,
): Promise<string> {
  return deps.db.transaction(async (tx) => {
    const org = await lockOwnedOrg(tx, input);
    if (org.closedAt && org.deletesAt) return orgClosedMessage(org.orgName, org.deletesAt);
    if (!sameName(input.confirmName, org.orgName))
      throw new AppError('BAD_REQUEST', CLOSE_ORG_NAME_MISMATCH);
    const deletesAt = await closeLockedOrg(tx, deps, org, audit);
    return orgClosedMessage(org.orgName, deletesAt);
  });
}

/**
 * Closes an open organization whose row the caller's transaction has locked: closed from now
 * until `ORG_CLOSE_GRACE_DAYS` later, its plan ended, one audit row, one notice and mail to its
 * admins. Answers when its deletion is due. Also used when an owner alone in their organization
 * deletes their account.
 */
export async function closeLockedOrg(
  tx: DbOrTx,
  deps: ClosingDeps,
  org: OrgClosureState,
  audit: AuditContext,
): Promise<Date> {
  const at = deps.clock.now();
  const deletesAt = new Date(at.getTime() + deps.graceDays * DAY_MS);
  await setOrgClosure(tx, { orgId: org.orgId, closedAt: at, deletesAt });
  const { planName } = await deps.endBilling(tx, org.orgId);
  await recordAudit(tx, audit, {
    orgId: org.orgId,
    action: 'organization.closed',
    target: { type: 'organization', id: org.orgId, label: org.orgName },
    before: { plan: planName },
    after: { plan: 'Free', deletesAt: deletesAt.toISOString() },
    at,
  });
  await notifyAdmins(tx, deps, {
    orgId: org.orgId,
    templateId: NOTIFICATION_TEMPLATES.info,
    subject: `Your Waymark organization ${org.orgName} is closed`,
    paragraphs: [
      `${org.orgName} was closed. Its plan has ended and nothing more will be charged. Members can still read its items, but nothing can be changed.`,
      `Every item, note, attachment and setting of it will be deleted on ${formatDay(deletesAt)}. Until then the owner can reopen it on the Account page.`,
    ],
  });
  return deletesAt;
}

/** The typed name matches the organization's, ignoring case and surrounding spaces. */
function sameName(typed: string, orgName: string): boolean {
  return typed.trim().toLocaleLowerCase() === orgName.trim().toLocaleLowerCase();
}
