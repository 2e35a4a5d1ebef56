import { billingPeriodOf, licensesPurchasedMessage, type TPurchaseLicense } from '@waymark/core';
import { recordAudit, type AuditContext } from '../audit/index';
import { addLicenses } from '../teams/index';
import type { BillingDeps } from './billing-deps';
import { monthName } from './billing-dates';

import { isTrial, readBillingState } from './billing-state';
import { requireLicensePlan } from './require-license-plan';
import { nextPurpose, type ChargeRow } from './ledger';
import { openCharge } from './open-charge';
import { oneTimeChargeParts } from './one-time-charge';
import { settleRequestCharge } from './settle-request-charge';

/**
 * spec §7 purchaseLicense: during the trial the licences are added at no cost; on a paid plan a
 * one-time prorated charge is made now (exactly what CalculateOneTimeCharge showed) and the
 * licences are added when it succeeds. Free cannot buy licences (spec §5).
 */
export async function purchaseLicense(
  deps: BillingDeps,
  input: TPurchaseLicense,
  audit: AuditContext,
): Promise<string> {
  const row = await deps.db.transaction(async (tx): Promise<ChargeRow | null> => {
    const state = await readBillingState(tx, input.orgId, { lock: true });
    requireLicensePlan(state, input.planId);
    await recordAudit(tx, audit, {
      orgId: input.orgId,
      action: 'license.purchased',
      target: { type: 'licenses', label: `${input.purchaseCount} × ${state.plan.planName}` },
      before: { total: state.licenses.total },
      after: { total: state.licenses.total + input.purchaseCount, charged: !isTrial(state) },
      at: deps.clock.now(),
    });
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
      description: `${input.purchaseCount} × ${state.plan.planName} license, rest of ${monthName(now)}`,
    });
  });
  if (row && row.status === 'pending') await settleRequestCharge(deps, row);
  return licensesPurchasedMessage(input.purchaseCount);
}
