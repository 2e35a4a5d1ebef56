import { AppError } from '@waymark/core';
import { recordAudit, type AuditContext } from '../audit/index';
import { moveToFree } from '../billing/index';
import { setOrgClosure } from '../organizations/index';
import type { ClosingDeps } from './closing-deps';
import { lockOwnedOrg } from './lock-owned-org';
import { GRACE_OVER, NOT_CLOSED, ORG_REOPENED } from './closing-messages';

/**
 * Reopens a closed organization during its grace period (issue 33, decision 0063), its owner
 * only, under the organization's row lock. Its plan ended at closing, so it reopens on Free as a
 * plan that ends does (spec §6: everyone but the owner loses access; nothing is deleted) and the
 * owner chooses a plan again. Refused once the grace period is over (the deletion may have begun).
 */
export async function reopenOrganization(
  deps: ClosingDeps,
  input: { orgId: number; userId: number },
  audit: AuditContext,
): Promise<string> {
  return deps.db.transaction(async (tx) => {
    const org = await lockOwnedOrg(tx, input);
    if (!org.closedAt || !org.deletesAt) throw new AppError('CONFLICT', NOT_CLOSED);
    const at = deps.clock.now();
    if (org.deletesAt <= at) throw new AppError('CONFLICT', GRACE_OVER);
    await setOrgClosure(tx, { orgId: input.orgId, closedAt: null, deletesAt: null });
    await moveToFree(tx, deps, { orgId: input.orgId, reason: 'reopened' });
    await recordAudit(tx, audit, {
      orgId: input.orgId,
      action: 'organization.reopened',
      target: { type: 'organization', id: input.orgId, label: org.orgName },
      before: { closedAt: org.closedAt.toISOString(), deletesAt: org.deletesAt.toISOString() },
      after: { plan: 'Free' },
      at,
    });
    return ORG_REOPENED;
  });
}
