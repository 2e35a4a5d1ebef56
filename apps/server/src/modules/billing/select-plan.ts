import { AppError, billingPeriodOf, PLAN_IDS, startOfNextMonth, type Plan } from '@waymark/core';
import type { DbOrTx } from '../../db/client';
import { recordAudit, type AuditContext } from '../audit/index';
import type { BillingDeps } from './billing-deps';
import { formatDay, PAYMENT_METHOD_REQUIRED, upgradedMessage } from './billing-messages';
import { isPaidPlan, isTrial, readBillingState, type BillingState } from './billing-state';
import { nextPurpose, type ChargeRow } from './ledger';
import { oneTimeChargeParts, requireKnownPlan } from './one-time-charge';
import { openCharge } from './open-charge';
import { requireNoOpenUpgrade } from './require-no-open-upgrade';
import { monthName } from './billing-dates';
import { schedulePlanChange } from './schedule-plan-change';
import { settleRequestCharge } from './settle-request-charge';

/**
 * spec §7 selectPlan/{orgId}/{planId} (spec §4 Plans, issue 13): during the trial the choice takes
 * effect at trial end at no cost now; from Free a paid plan starts now with the prorated charge for
 * the current licences; between paid plans, and to Free, the change takes effect on the 1st.
 * Choosing the current plan again withdraws a scheduled change.
 */
export async function selectPlan(
  deps: BillingDeps,
  input: { orgId: number; planId: number },
  audit: AuditContext,
): Promise<string> {
  const now = deps.clock.now();
  const result = await deps.db.transaction(
    async (tx): Promise<{ text: string; charge?: ChargeRow }> => {
      const state = await readBillingState(tx, input.orgId, { lock: true });
      const target = requireKnownPlan(input.planId, state);
      await requireNoOpenUpgrade(tx, input.orgId);
      // A refusal further on (no card for an upgrade) rolls this row back with the rest.
      await recordAudit(tx, audit, {
        orgId: input.orgId,
        action: 'plan.changed',
        target: { type: 'plan', id: target.planId, label: target.planName },
        before: { plan: state.plan.planName },
        after: { plan: target.planName },
        at: now,
      });
      if (isTrial(state)) {
        const trialEnd = state.trialEndsAt ?? now;
        // Choosing the trial itself withdraws the choice: what follows is the default again.
        if (target.planId === state.plan.planId) {
          await schedulePlanChange(tx, input.orgId, null, null);
          return {
            text: `Your choice is withdrawn. When the trial ends on ${formatDay(trialEnd)}, your organization moves to the Standard plan if a payment method is saved, otherwise to Free.`,
          };
        }
        await schedulePlanChange(tx, input.orgId, target, trialEnd);
        return {
          text: isPaidPlan(target)
            ? `Your organization moves to the ${target.planName} plan when the trial ends on ${formatDay(trialEnd)}. Nothing is charged until then.`
            : `Your organization moves to the Free plan when the trial ends on ${formatDay(trialEnd)}.`,
        };
      }
      if (target.planId === state.plan.planId) {
        await schedulePlanChange(tx, input.orgId, null, null);
        return { text: `Your organization stays on the ${target.planName} plan.` };
      }
      if (state.plan.planId === PLAN_IDS.free)
        return { ...(await upgrade(tx, deps, state, target, now)) };
      const effective = startOfNextMonth(now);
      await schedulePlanChange(tx, input.orgId, target, effective);
      return {
        text: `Your organization moves to the ${target.planName} plan on ${formatDay(effective)}. Until then it stays on ${state.plan.planName}.`,
      };
    },
  );
  if (result.charge?.status === 'pending') await settleRequestCharge(deps, result.charge);
  return result.text;
}

async function upgrade(
  tx: DbOrTx,
  deps: BillingDeps,
  state: BillingState,
  target: Plan,
  now: Date,
): Promise<{ text: string; charge: ChargeRow }> {
  if (!state.account.paymentMethodId) throw new AppError('CONFLICT', PAYMENT_METHOD_REQUIRED);
  const [part] = oneTimeChargeParts(
    state,
    { valueType: '+', licenseChange: 0, planId: target.planId },
    now,
  );
  if (!part) throw new Error('An upgrade without a charge');
  const period = billingPeriodOf(now);
  const charge = await openCharge(tx, deps, state, {
    period,
    purpose: await nextPurpose(tx, state.orgId, period, 'upgrade'),
    planId: target.planId,
    licenseCount: part.licenses,
    licenseDelta: 0,
    amountCents: part.cents,
    description: `${part.licenses} × ${target.planName} license, rest of ${monthName(now)}`,
  });
  return {
    text: upgradedMessage(target.planName, charge, monthName(now)),
    charge,
  };
}
