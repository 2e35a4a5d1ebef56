import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { billingAccounts } from '../../db/schema';
import { setOrgPlan } from '../organizations/index';
import { addLicenses } from '../teams/index';
import type { ChargeRow } from './ledger';

/** What a succeeded charge does: a purchase adds its licences, an upgrade starts its plan. */
export async function applyEffects(tx: DbOrTx, row: ChargeRow): Promise<void> {
  if (row.licenseDelta > 0) await addLicenses(tx, { orgId: row.orgId, count: row.licenseDelta });
  if (row.purpose.startsWith('upgrade-')) {
    await setOrgPlan(tx, { orgId: row.orgId, planId: row.planId });
    await tx
      .update(billingAccounts)
      .set({ scheduledPlanId: null, scheduledEffectiveAt: null })
      .where(eq(billingAccounts.orgId, row.orgId));
  }
}

/** Gives back the credit a charge had reserved (it took nothing in the end). */
export async function returnCredit(tx: DbOrTx, row: ChargeRow): Promise<void> {
  if (row.creditAppliedCents === 0) return;
  await tx
    .update(billingAccounts)
    .set({ creditCents: sql`${billingAccounts.creditCents} + ${row.creditAppliedCents}` })
    .where(eq(billingAccounts.orgId, row.orgId));
}
