import {
  getPlan,
  PLAN_IDS,
  PUBLIC_PLANS,
  type TCustomerPaymentInfo,
  type TLicenseInfoDetail,
  type TOrgPlanInfo,
  type TPaymentHistoryRow,
  type TPlanOption,
} from '@waymark/core';

/** What an organization's billing looks like in a test: its plan, licences and card. */
export type BillingState = {
  planId: number;
  total: number;
  assigned: number;
  hasCard: boolean;
  scheduledPlanId?: number | null;
  accountEndDate?: string | null;
};

const dollars = (cents: number) => cents / 100;

/** getOrgPlanInfo's answer for `state` (trial ends 2026-12-23). */
export function planInfoOf(state: BillingState): TOrgPlanInfo {
  const plan = getPlan(state.planId);
  const scheduled = state.scheduledPlanId ? getPlan(state.scheduledPlanId) : null;
  return {
    currentPlanId: plan.planId,
    currentPlanName: plan.planName,
    orgTrialEndDate: plan.planId === PLAN_IDS.standardTrial ? '2026-12-23' : null,
    accountEndDate: state.accountEndDate ?? null,
    currentOrgMonthlyCost: dollars(plan.monthlyCostPerLicenseCents * state.total),
    orgStatus: 'Active',
    assignedLicenseCount: state.assigned,
    availableLicenseCount: state.total - state.assigned,
    totalLicenseCount: state.total,
    scheduledPlanId: scheduled?.planId ?? null,
    scheduledPlanName: scheduled?.planName ?? null,
    hasPaymentMethod: state.hasCard,
    creditBalance: 0,
    hasPendingPaymentAction: false,
  };
}

/** getLicenseInfo's answer for `state`. */
export function licensesOf(state: BillingState): TLicenseInfoDetail {
  const plan = getPlan(state.planId);
  return {
    assignedLicenseCount: state.assigned,
    availableLicenseCount: state.total - state.assigned,
    totalLicenseCount: state.total,
    planId: plan.planId,
    planName: plan.planName,
    monthlyCostPerLicense: dollars(plan.monthlyCostPerLicenseCents),
    canManageLicenses: plan.hasLicenseManagement,
    minimumLicenseCount: Math.max(1, state.assigned),
  };
}

/** getPlanOptions's answer for `state`: the public plans, with the trial fields on the trial. */
export function planOptionsOf(state: BillingState): TPlanOption[] {
  const isTrial = state.planId === PLAN_IDS.standardTrial;
  const scheduled = state.scheduledPlanId ?? (isTrial ? PLAN_IDS.standard : null);
  return PUBLIC_PLANS.map((plan) => ({
    planId: plan.planId,
    planName: plan.planName,
    monthlyCostPerLicense: dollars(plan.monthlyCostPerLicenseCents),
    currentLicenseCount: state.total,
    currentMonthlyCost: dollars(plan.monthlyCostPerLicenseCents * state.total),
    isCurrentPlan: plan.planId === state.planId,
    isScheduledPlan: plan.planId === scheduled,
    ...(isTrial && {
      currentMonthlyCostPerLicense: 0,
      // As the server: the after-trial price of the plan the trial converts to, on every option.
      costPerLicenseAfterExpiration: dollars(
        getPlan(scheduled ?? PLAN_IDS.standard).monthlyCostPerLicenseCents,
      ),
      planAfterExpiration: getPlan(scheduled ?? PLAN_IDS.standard).planName,
    }),
  }));
}

/** retrieveCustomerPaymentMethod's answer: a Visa ending 4242, or all null. */
export function paymentInfoOf(state: BillingState): TCustomerPaymentInfo {
  return state.hasCard
    ? {
        stripeCustomerId: 'cus_sandbox_1',
        cardLastFourDigits: '4242',
        expMonthandYear: '12/30',
        stripePaymentId: 'pm_sandbox_1',
        cardBrand: 'visa',
      }
    : {
        stripeCustomerId: null,
        cardLastFourDigits: null,
        expMonthandYear: null,
        stripePaymentId: null,
        cardBrand: null,
      };
}

/** A payment history row; `n` makes its transaction id and date. */
export function paymentRow(
  n: number,
  overrides: Partial<TPaymentHistoryRow> = {},
): TPaymentHistoryRow {
  return {
    paymentDate: `2026-0${Math.min(9, n)}-01`,
    transactionId: `pi_sandbox_${n}`,
    planName: 'Basic',
    totalPaymentAmount: 8,
    description: '2 × Basic license',
    licenseCount: 2,
    creditAppliedAmount: 0,
    cardDescription: 'visa •••• 4242',
    ...overrides,
  };
}
