import { getPlan, PLAN_IDS } from '@waymark/core';
import { formatBillingDate } from './format-billing-date';

/** What a plan choice changes, for the summary under the choice (spec §4). */
export type PlanChange = {
  fromPlanId: number;
  toPlanId: number;
  /** The trial's last day, when on the trial. */
  trialEndDate: string | null;
};

/** Whether `planId` costs money (Basic, Standard, Pro). */
export function isPaidPlan(planId: number): boolean {
  return getPlan(planId).monthlyCostPerLicenseCents > 0;
}

/**
 * When the change takes effect (spec §4, issue 13): leaving Free for a paid plan is immediate;
 * during the trial everything waits for its end; between paid plans and to Free, the 1st.
 */
export function describeWhen({ fromPlanId, toPlanId, trialEndDate }: PlanChange): string {
  if (fromPlanId === toPlanId) return 'This is your current plan.';
  if (fromPlanId === PLAN_IDS.standardTrial)
    return trialEndDate
      ? `Takes effect when your trial ends on ${formatBillingDate(trialEndDate)}; no charge until then.`
      : 'Takes effect when your trial ends; no charge until then.';
  if (fromPlanId === PLAN_IDS.free)
    return 'Starts today; the rest of this month is charged now, prorated.';
  return 'Takes effect on the first of next month.';
}

/** spec §4 summary of a plan choice: what it is, when it starts, what Free takes away. */
export function describePlanChange(change: PlanChange): string {
  const plan = getPlan(change.toPlanId);
  const when = describeWhen(change);
  if (plan.planId === PLAN_IDS.free && change.fromPlanId !== PLAN_IDS.free)
    // spec §6: converting to Free ends all users except the current account.
    return `${when} Free has one project and one user: every user but you loses access. Nothing is deleted.`;
  return when;
}
