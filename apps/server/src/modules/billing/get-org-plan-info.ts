import { centsToDollars, monthlyCostCents, utcDay, type TOrgPlanInfo } from '@waymark/core';
import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { billingCharges } from '../../db/schema';
import { isTrial, readBillingState, type BillingState } from './billing-state';
import { lastDayBefore } from './billing-dates';

/**
 * spec §3 plan info: the plan, trial end, monthly cost (licences × price; 0 during the trial, whose
 * discount is the whole cost, spec §9), status and licence counts. `accountEndDate` is the last day
 * on the current plan when a change or cancellation is scheduled (spec §2 "Ends on {date}").
 */
export async function getOrgPlanInfo(
  { db }: { db: DbOrTx },
  input: { orgId: number },
): Promise<TOrgPlanInfo> {
  const state = await readBillingState(db, input.orgId, { lock: false });
  const dunning = await db
    .select({ status: billingCharges.status })
    .from(billingCharges)
    .where(
      and(
        eq(billingCharges.orgId, input.orgId),
        or(isNotNull(billingCharges.nextAttemptAt), eq(billingCharges.status, 'requires_action')),
        inArray(billingCharges.status, ['failed', 'requires_action']),
      ),
    );
  const { total, assigned } = state.licenses;
  const effective = state.account.scheduledEffectiveAt;
  return {
    currentPlanId: state.plan.planId,
    currentPlanName: state.plan.planName,
    orgTrialEndDate: isTrial(state) && state.trialEndsAt ? utcDay(state.trialEndsAt) : null,
    accountEndDate:
      state.scheduledPlan && effective
        ? utcDay(isTrial(state) ? effective : lastDayBefore(effective))
        : null,
    currentOrgMonthlyCost: centsToDollars(monthlyCostCents(state.plan, total)),
    orgStatus: orgStatus(state, dunning),
    assignedLicenseCount: assigned,
    availableLicenseCount: total - assigned,
    totalLicenseCount: total,
    scheduledPlanId: state.scheduledPlan?.planId ?? null,
    scheduledPlanName: state.scheduledPlan?.planName ?? null,
    hasPaymentMethod: state.account.paymentMethodId !== null,
    creditBalance: centsToDollars(state.account.creditCents),
    hasPendingPaymentAction: dunning.some((row) => row.status === 'requires_action'),
  };
}

/**
 * Trial, Active, Cancelled (a paid plan moving to Free), Past due (a retry is scheduled) or Action
 * required. A trial stays "Trial" whatever follows it (issue 25: Free chosen during the trial is a
 * choice of what comes next, which the portal's outlook line states, not an account ending).
 */
function orgStatus(state: BillingState, dunning: { status: string }[]): string {
  if (dunning.some((row) => row.status === 'requires_action')) return 'Action required';
  if (dunning.length > 0) return 'Past due';
  if (isTrial(state)) return 'Trial';
  return state.scheduledPlan?.planName === 'Free' ? 'Canceled' : 'Active';
}
