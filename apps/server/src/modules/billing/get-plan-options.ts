import { centsToDollars, monthlyCostCents, PUBLIC_PLANS, type TPlanOption } from '@waymark/core';
import type { DbOrTx } from '../../db/client';
import { isTrial, planAfterTrial, readBillingState } from './billing-state';

/**
 * spec §3 plan options: every public plan priced at the organization's licence count. During the
 * trial each also carries the trial variant: what is paid per licence now (0), what the plan the
 * trial converts to costs after expiry, and that plan's name.
 */
export async function getPlanOptions(
  { db }: { db: DbOrTx },
  input: { orgId: number },
): Promise<TPlanOption[]> {
  const state = await readBillingState(db, input.orgId, { lock: false });
  const count = state.licenses.total;
  const after = planAfterTrial(state);
  return PUBLIC_PLANS.map((plan) => ({
    planId: plan.planId,
    planName: plan.planName,
    monthlyCostPerLicense: centsToDollars(plan.monthlyCostPerLicenseCents),
    currentLicenseCount: count,
    currentMonthlyCost: centsToDollars(monthlyCostCents(plan, count)),
    isCurrentPlan: plan.planId === state.plan.planId,
    isScheduledPlan: plan.planId === state.scheduledPlan?.planId,
    ...(isTrial(state) && {
      currentMonthlyCostPerLicense: 0,
      costPerLicenseAfterExpiration: centsToDollars(after.monthlyCostPerLicenseCents),
      planAfterExpiration: after.planName,
    }),
  }));
}
