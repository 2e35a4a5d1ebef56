import { formatUsd, getPlan, monthlyCostCents, PLAN_IDS } from '@waymark/core';
import { formatBillingDate } from './format-billing-date';
import { monthlyCostText } from './plan-outlook';

/** What a plan choice changes, for the summary under the choice (spec §4). */
export type PlanChange = {
  fromPlanId: number;
  toPlanId: number;
  /** The trial's last day, when on the trial. */
  trialEndDate: string | null;
  /** Licences the plan is priced for; without it the summary leaves out the monthly cost. */
  licenseCount?: number;
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

/**
 * A plan card's price (issue 25): the plan's own price from core's table, never the organization's
 * after-trial price — "Free during your trial, then $9 per license a month ($27 for your 3 licenses)."
 */
export function planPriceLine(planId: number, licenseCount: number, isTrial: boolean): string {
  const plan = getPlan(planId);
  if (plan.monthlyCostPerLicenseCents === 0) return 'No charge.';
  const perLicense = `${formatUsd(plan.monthlyCostPerLicenseCents)} per license a month`;
  const total = formatUsd(monthlyCostCents(plan, licenseCount));
  const forLicenses = `${total} a month for your ${licenseCount} ${licenseCount === 1 ? 'license' : 'licenses'}`;
  return isTrial
    ? `Free during your trial, then ${perLicense} (${forLicenses}).`
    : `${perLicense}; ${forLicenses}.`;
}

/** "Then 3 × $9 = $27 a month." for a paid plan that is not the current one; else nothing. */
function costAfterChange(change: PlanChange): string {
  const plan = getPlan(change.toPlanId);
  if (change.licenseCount === undefined || change.fromPlanId === change.toPlanId) return '';
  if (plan.monthlyCostPerLicenseCents === 0) return '';
  return ` Then ${monthlyCostText(plan.planId, change.licenseCount)}.`;
}

/** spec §4 summary of a plan choice: when it starts, what it then costs, what Free takes away. */
export function describePlanChange(change: PlanChange): string {
  const plan = getPlan(change.toPlanId);
  const when = describeWhen(change) + costAfterChange(change);
  if (plan.planId === PLAN_IDS.free && change.fromPlanId !== PLAN_IDS.free)
    // spec §6: converting to Free ends all users except the current account.
    return `${when} Free has one project and one user: every user but you loses access. Nothing is deleted.`;
  return when;
}
