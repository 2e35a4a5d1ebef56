import { billingPeriodOf, licensesPurchasedMessage, type TPurchaseLicense } from '@waymark/core';
import type { DbOrTx } from '../../db/client';
import { recordAudit, type AuditContext } from '../audit/index';
import { addLicenses } from '../teams/index';
import type { BillingDeps } from './billing-deps';
import { monthName } from './billing-dates';

import { isTrial, readBillingState, type BillingState } from './billing-state';
import { requireLicensePlan } from './require-license-plan';
import { nextPurpose, type ChargeRow } from './ledger';
import { openCharge } from './open-charge';
import { oneTimeChargeParts } from './one-time-charge';
import { replayPurchase } from './replay-purchase';
import { findRequestKey, recordRequestKey, type RequestKeyRow } from './request-key';
import { settleRequestCharge } from './settle-request-charge';

/** What the purchase's transaction did: bought (with the charge it opened, if any) or found. */
type Outcome = { repeatOf: RequestKeyRow } | { repeatOf: null; charge: ChargeRow | null };

/**
 * spec §7 purchaseLicense: during the trial the licences are added at no cost; on a paid plan a
 * one-time prorated charge is made now (exactly what CalculateOneTimeCharge showed) and the
 * licences are added when it succeeds. Free cannot buy licences (spec §5). With an
 * `idempotencyKey` already used by the organization in the last day, nothing is bought: the
 * answer is the first purchase's (decision 0131, {@link replayPurchase}).
 */
export async function purchaseLicense(
  deps: BillingDeps,
  input: TPurchaseLicense,
  audit: AuditContext,
): Promise<string> {
  const keyed = input.idempotencyKey && {
    orgId: input.orgId,
    key: input.idempotencyKey,
    fingerprint: `purchaseLicense:${input.planId}:${input.purchaseCount}`,
  };
  const outcome = await deps.db.transaction(async (tx): Promise<Outcome> => {
    // The org row lock first: repeats of one key queue here, and the second finds the first's.
    const state = await readBillingState(tx, input.orgId, { lock: true });
    const now = deps.clock.now();
    const repeatOf = keyed ? await findRequestKey(tx, now, keyed) : null;
    if (repeatOf) return { repeatOf };
    const charge = await buyLicenses(tx, deps, state, input, audit);
    if (keyed) await recordRequestKey(tx, now, keyed, charge?.id ?? null);
    return { repeatOf: null, charge };
  });
  if (outcome.repeatOf) return replayPurchase(deps, outcome.repeatOf, input.purchaseCount);
  if (outcome.charge?.status === 'pending') await settleRequestCharge(deps, outcome.charge);
  return licensesPurchasedMessage(input.purchaseCount);
}

/** Adds the trial's free licences (null), or opens the paid plan's prorated charge. */
async function buyLicenses(
  tx: DbOrTx,
  deps: BillingDeps,
  state: BillingState,
  input: TPurchaseLicense,
  audit: AuditContext,
): Promise<ChargeRow | null> {
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
}
