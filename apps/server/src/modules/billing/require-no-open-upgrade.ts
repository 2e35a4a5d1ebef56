import { AppError, getPlan } from '@waymark/core';
import { and, desc, eq, inArray, like } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { billingCharges } from '../../db/schema';
import { planChangeInProgress, planChangeNeedsConfirmation } from './billing-messages';

/** Upgrade states that may still take money: the gateway has it, the bank asks, or it is being given up. */
const OPEN_STATUSES = ['pending', 'requires_action', 'canceling'];

/**
 * Refuses a plan choice while an earlier upgrade may still be charged (issue 24): one plan change
 * at a time per organization. Called with the org row locked, so the upgrade a concurrent request
 * opened is either committed and seen here, or not yet begun.
 */
export async function requireNoOpenUpgrade(tx: DbOrTx, orgId: number): Promise<void> {
  const [open] = await tx
    .select({ status: billingCharges.status, planId: billingCharges.planId })
    .from(billingCharges)
    .where(
      and(
        eq(billingCharges.orgId, orgId),
        like(billingCharges.purpose, 'upgrade-%'),
        inArray(billingCharges.status, OPEN_STATUSES),
      ),
    )
    .orderBy(desc(billingCharges.id))
    .limit(1);
  if (!open) return;
  const planName = getPlan(open.planId).planName;
  throw new AppError(
    'CONFLICT',
    open.status === 'requires_action'
      ? planChangeNeedsConfirmation(planName)
      : planChangeInProgress(planName),
  );
}
