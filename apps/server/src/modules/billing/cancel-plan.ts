import { AppError, getPlan, PLAN_IDS, startOfNextMonth } from '@waymark/core';
import { recordAudit, type AuditContext } from '../audit/index';
import type { BillingDeps } from './billing-deps';
import { formatDay, NOTHING_TO_CANCEL } from './billing-messages';
import { isTrial, readBillingState } from './billing-state';
import { requireNoOpenUpgrade } from './require-no-open-upgrade';
import { lastDayBefore } from './billing-dates';
import { schedulePlanChange } from './schedule-plan-change';

/**
 * spec §7 cancelPlan: a paid plan ends on the last day of the month and the organization moves to
 * Free on the 1st (terms); a trial moves to Free at its end. The answer is the banner text.
 */
export async function cancelPlan(
  { db, clock }: Pick<BillingDeps, 'db' | 'clock'>,
  input: { orgId: number },
  audit: AuditContext,
): Promise<string> {
  return db.transaction(async (tx) => {
    const state = await readBillingState(tx, input.orgId, { lock: true });
    await requireNoOpenUpgrade(tx, input.orgId);
    if (state.plan.planId === PLAN_IDS.free) throw new AppError('CONFLICT', NOTHING_TO_CANCEL);
    const free = getPlan(PLAN_IDS.free);
    await recordAudit(tx, audit, {
      orgId: input.orgId,
      action: 'plan.changed',
      target: { type: 'plan', id: free.planId, label: free.planName },
      before: { plan: state.plan.planName },
      after: { plan: free.planName, canceled: true },
      at: clock.now(),
    });
    if (isTrial(state)) {
      const trialEnd = state.trialEndsAt ?? clock.now();
      await schedulePlanChange(tx, input.orgId, free, trialEnd);
      return `Your trial is canceled. Your organization moves to the Free plan when the trial ends on ${formatDay(trialEnd)}.`;
    }
    const effective = startOfNextMonth(clock.now());
    await schedulePlanChange(tx, input.orgId, free, effective);
    return `Your ${state.plan.planName} plan is canceled and ends on ${formatDay(lastDayBefore(effective))}. Your organization then moves to the Free plan.`;
  });
}
