import {
  AppError,
  getPlan,
  PLAN_IDS,
  oneTimeChargeCents,
  type Plan,
  type TOneTimeChargeQuery,
} from '@waymark/core';
import { UNKNOWN_PLAN } from './billing-messages';
import { isChoosablePlanId, isPaidPlan, isTrial, type BillingState } from './billing-state';

/** One charge a licence or plan change makes now: the upgrade to a paid plan, or bought licences. */
export type ChargePart = {
  kind: 'upgrade' | 'purchase';
  plan: Plan;
  licenses: number;
  cents: number;
};

/** The plan id of a request, refused unless it is Free, Basic, Standard, Pro or the current plan. */
export function requireKnownPlan(planId: number, state: Pick<BillingState, 'plan'>): Plan {
  if (planId === state.plan.planId) return state.plan;
  if (!isChoosablePlanId(planId)) throw new AppError('BAD_REQUEST', UNKNOWN_PLAN);
  return getPlan(planId);
}

/**
 * issue 13: the charges a licence change priced at `planId` makes now — what
 * CalculateOneTimeCharge shows and what purchaseLicense/selectPlan then charge, each part rounded
 * half-up once. Nothing during the trial or for a removal; from Free to a paid plan, the upgrade of
 * the current licences plus the new ones; on a paid plan the new licences at the current plan's
 * price (a change to another paid plan starts on the 1st).
 */
export function oneTimeChargeParts(
  state: BillingState,
  query: Pick<TOneTimeChargeQuery, 'valueType' | 'licenseChange' | 'planId'>,
  now: Date,
): ChargePart[] {
  const target = requireKnownPlan(query.planId, state);
  const added = query.valueType === '-' ? 0 : Math.abs(query.licenseChange);
  if (isTrial(state) || !isPaidPlan(target)) return [];
  const parts: ChargePart[] = [];
  if (state.plan.planId === PLAN_IDS.free)
    parts.push(part('upgrade', target, state.licenses.total, now));
  const pricedAt = state.plan.planId === PLAN_IDS.free ? target : state.plan;
  if (added > 0) parts.push(part('purchase', pricedAt, added, now));
  return parts;
}

function part(kind: ChargePart['kind'], plan: Plan, licenses: number, now: Date): ChargePart {
  return {
    kind,
    plan,
    licenses,
    cents: oneTimeChargeCents(licenses, plan.monthlyCostPerLicenseCents, now),
  };
}
