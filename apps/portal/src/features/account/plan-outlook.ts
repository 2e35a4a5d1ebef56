import { formatUsd, getPlan, monthlyCostCents, PLAN_IDS, type TOrgPlanInfo } from '@waymark/core';
import { formatBillingDate } from './format-billing-date';

/** What the outlook line is computed from: getOrgPlanInfo's fields (the count may be a draft). */
export type PlanOutlookInput = Pick<
  TOrgPlanInfo,
  | 'currentPlanId'
  | 'orgTrialEndDate'
  | 'accountEndDate'
  | 'scheduledPlanId'
  | 'totalLicenseCount'
  | 'hasPaymentMethod'
>;

/** "3 × $9 = $27 a month", or "no charge" on a plan that costs nothing; prices from core's table. */
export function monthlyCostText(planId: number, licenseCount: number): string {
  const plan = getPlan(planId);
  if (plan.monthlyCostPerLicenseCents === 0) return 'no charge';
  const total = monthlyCostCents(plan, licenseCount);
  return `${licenseCount} × ${formatUsd(plan.monthlyCostPerLicenseCents)} = ${formatUsd(total)} a month`;
}

/** The UTC day after an ISO date, formatted: a paid plan's last day → the 1st the next starts. */
function dayAfter(isoDate: string): string {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return formatBillingDate(date.toISOString().slice(0, 10));
}

/** spec §4: the trial becomes the chosen plan (default Standard) with a card, otherwise Free. */
function trialOutlook(input: PlanOutlookInput): string {
  const target = getPlan(input.scheduledPlanId ?? PLAN_IDS.standard);
  const end = input.orgTrialEndDate
    ? formatBillingDate(input.orgTrialEndDate)
    : 'the end of the trial';
  const trial = getPlan(PLAN_IDS.standardTrial).planName;
  const cost = monthlyCostText(target.planId, input.totalLicenseCount);
  if (target.planId === PLAN_IDS.free) return `${trial} → Free on ${end}, no charge.`;
  if (!input.hasPaymentMethod)
    return `${trial} → Free on ${end} unless a payment method is added (then ${target.planName}, ${cost}).`;
  return `${trial} → ${target.planName} on ${end}, ${cost}.`;
}

/**
 * Issue 25: the plan's state in one line — what happens on which date and what it then costs —
 * e.g. "Standard Trial → Pro on Dec 25, 2026, 3 × $9 = $27 a month." A scheduled change is a
 * change, not an ending: only a move to Free names the current plan's last day (spec §2 "Ends on").
 */
export function describePlanOutlook(input: PlanOutlookInput): string {
  const current = getPlan(input.currentPlanId);
  if (current.planId === PLAN_IDS.standardTrial) return trialOutlook(input);
  const count = input.totalLicenseCount;
  if (input.scheduledPlanId !== null && input.accountEndDate) {
    const next = getPlan(input.scheduledPlanId);
    const on = dayAfter(input.accountEndDate);
    const cost = monthlyCostText(next.planId, count);
    return next.planId === PLAN_IDS.free
      ? `${current.planName} → Free on ${on}, no charge. ${current.planName} ends on ${formatBillingDate(input.accountEndDate)}.`
      : `${current.planName} → ${next.planName} on ${on}, ${cost}.`;
  }
  if (current.planId === PLAN_IDS.free) return 'Free: no charge.';
  return `${current.planName}: ${monthlyCostText(current.planId, count)}, charged on the 1st.`;
}

/**
 * The plan a scheduled change can be withdrawn to (issue 25), or null when nothing is scheduled
 * that differs from what happens anyway. Choosing the current plan again withdraws a change
 * (selectPlan); during the trial, Standard is what it becomes by default (spec §4).
 */
export function undoTargetPlanId(
  input: Pick<PlanOutlookInput, 'currentPlanId' | 'scheduledPlanId'>,
): number | null {
  if (input.scheduledPlanId === null) return null;
  if (input.currentPlanId !== PLAN_IDS.standardTrial) return input.currentPlanId;
  return input.scheduledPlanId === PLAN_IDS.standard ? null : PLAN_IDS.standard;
}

/** Cancel Plan makes sense on any plan but Free while no move to Free is scheduled (issue 25). */
export function canCancelPlan(input: Pick<PlanOutlookInput, 'currentPlanId' | 'scheduledPlanId'>) {
  return input.currentPlanId !== PLAN_IDS.free && input.scheduledPlanId !== PLAN_IDS.free;
}
