import type { Plan } from '@waymark/core';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { billingAccounts } from '../../db/schema';

/** Records (or withdraws, with null) the plan change taking effect at `effectiveAt`. */
export async function schedulePlanChange(
  tx: DbOrTx,
  orgId: number,
  plan: Plan | null,
  effectiveAt: Date | null,
): Promise<void> {
  await tx
    .update(billingAccounts)
    .set({ scheduledPlanId: plan?.planId ?? null, scheduledEffectiveAt: effectiveAt })
    .where(eq(billingAccounts.orgId, orgId));
}
