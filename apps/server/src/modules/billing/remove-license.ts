import { AppError, LICENSES_REMOVED_MESSAGE, type TRemoveLicense } from '@waymark/core';
import { recordAudit, type AuditContext } from '../audit/index';
import { removeUnassignedLicenses } from '../teams/index';
import type { BillingDeps } from './billing-deps';
import { LICENSES_IN_USE, TRIAL_ONLY_ADDS } from './billing-messages';
import { isTrial, readBillingState } from './billing-state';
import { requireLicensePlan } from './require-license-plan';

/**
 * spec §7 removeLicense: removes unassigned licences now. Not refunded (terms: non-refundable);
 * the next monthly charge counts fewer. Never below the licences assigned, nor below 1; not during
 * the trial, where licences can only be added (issue 13).
 */
export async function removeLicense(
  { db, clock }: Pick<BillingDeps, 'db' | 'clock'>,
  input: TRemoveLicense,
  audit: AuditContext,
): Promise<string> {
  return db.transaction(async (tx) => {
    const state = await readBillingState(tx, input.orgId, { lock: true });
    requireLicensePlan(state, input.planId);
    if (isTrial(state)) throw new AppError('CONFLICT', TRIAL_ONLY_ADDS);
    const { total, assigned } = state.licenses;
    if (total - input.licenseRemovalCount < Math.max(1, assigned))
      throw new AppError('CONFLICT', LICENSES_IN_USE);
    await removeUnassignedLicenses(tx, { orgId: input.orgId, count: input.licenseRemovalCount });
    await recordAudit(tx, audit, {
      orgId: input.orgId,
      action: 'license.removed',
      target: { type: 'licenses', label: `${input.licenseRemovalCount} × ${state.plan.planName}` },
      before: { total },
      after: { total: total - input.licenseRemovalCount },
      at: clock.now(),
    });
    return LICENSES_REMOVED_MESSAGE;
  });
}
