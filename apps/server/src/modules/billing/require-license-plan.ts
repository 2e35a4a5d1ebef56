import { AppError, PLAN_IDS, UPGRADE_REQUIRED_MESSAGE } from '@waymark/core';
import { PLAN_MISMATCH } from './billing-messages';
import type { BillingState } from './billing-state';

/**
 * Refuses a licence change on Free (spec §5) or priced at a plan the organization is neither on
 * nor moving to (a stale dialog).
 */
export function requireLicensePlan(state: BillingState, planId: number): void {
  if (state.plan.planId === PLAN_IDS.free)
    throw new AppError('PLAN_LIMIT', UPGRADE_REQUIRED_MESSAGE);
  if (planId !== state.plan.planId && planId !== state.scheduledPlan?.planId)
    throw new AppError('CONFLICT', PLAN_MISMATCH);
}
