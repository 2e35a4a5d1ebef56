import { AppError, billingPeriodOf, PLAN_IDS, type TPurchaseLicense } from '@waymark/core';
import { addLicenses } from '../teams/index';
import type { BillingDeps } from './billing-deps';
import { licensesPurchased, PLAN_MISMATCH, UPGRADE_REQUIRED } from './billing-messages';
import { isTrial, readBillingState, type BillingState } from './billing-state';
import { nextPurpose, type ChargeRow } from './ledger';
import { openCharge } from './open-charge';
import { oneTimeChargeParts } from './one-time-charge';
import { settleRequestCharge } from './settle-request-charge';

/**
 * spec §7 purchaseLicense: during the trial the licences are added at no cost; on a paid plan a
 * one-time prorated charge is made now (exactly what CalculateOneTimeCharge showed) and the
 * licences are added when it succeeds. Free cannot buy licences (spec §5).
 */
export async function purchaseLicense(deps: BillingDeps, input: TPurchaseLicense): Promise<string> {
  const row = await deps.db.transaction(async (tx): Promise<ChargeRow | null> => {
    const state = await readBillingState(tx, input.orgId, { lock: true });
    requireLicensePlan(state, input.planId);
    if (isTrial(state)) {
      await addLicenses(tx, { orgId: input.orgId, count: input.purchaseCount });
      return null;
    }
    const now = deps.clock.now();
    const [purchase] = oneTimeChargeParts(
      state,
      { valueType: '+', licenseChange: input.purchaseCount, planId: state.plan.planId },
      now,
    );
    if (!purchase) throw new Error('A paid plan without a purchase charge');
    const period = billingPeriodOf(now);
    return openCharge(tx, deps, state, {
      period,
      purpose: await nextPurpose(tx, input.orgId, period, 'purchase'),
      planId: state.plan.planId,
      licenseCount: input.purchaseCount,
      licenseDelta: input.purchaseCount,
      amountCents: purchase.cents,
      description: `${input.purchaseCount} × ${state.plan.planName} licence, rest of ${monthName(now)}`,
    });
  });
  if (row && row.status === 'pending') await settleRequestCharge(deps, row);
  return licensesPurchased(input.purchaseCount);
}

/**
 * Refuses a licence change on Free (spec §5) or priced at a plan the organization is neither on
 * nor moving to (a stale dialog).
 */
export function requireLicensePlan(state: BillingState, planId: number): void {
  if (state.plan.planId === PLAN_IDS.free) throw new AppError('PLAN_LIMIT', UPGRADE_REQUIRED);
  if (planId !== state.plan.planId && planId !== state.scheduledPlan?.planId)
    throw new AppError('CONFLICT', PLAN_MISMATCH);
}

/** "November 2026" for charge descriptions. */
export function monthName(at: Date): string {
  return at.toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', year: 'numeric' });
}
