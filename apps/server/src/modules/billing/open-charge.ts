import { creditToApply } from '@waymark/core';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { billingAccounts, billingCharges } from '../../db/schema';
import type { BillingDeps } from './billing-deps';
import { cardDescription, type BillingState } from './billing-state';
import { applyEffects } from './charge-effects';
import { idempotencyKey, type ChargeRow } from './ledger';

/** What a new charge is for. */
export type NewCharge = {
  /** `YYYY-MM` the charge belongs to. */
  period: string;
  /** `monthly`, `trial-conversion`, or a numbered `upgrade-n` / `purchase-n`. */
  purpose: string;
  planId: number;
  licenseCount: number;
  /** Licences the charge adds when it succeeds. */
  licenseDelta: number;
  amountCents: number;
  description: string;
};

/**
 * Writes a charge into the ledger inside the caller's transaction (org row locked): credit first
 * (spec §9 "credit carried to later payments", never leaving the card less than Stripe's minimum),
 * the rest to be charged to the card. A charge whose
 * key exists already is that row, unchanged — the exactly-once guarantee. A charge credit covers in
 * full succeeds here, with its effects.
 */
export async function openCharge(
  tx: DbOrTx,
  deps: Pick<BillingDeps, 'clock'>,
  state: BillingState,
  charge: NewCharge,
): Promise<ChargeRow> {
  const key = idempotencyKey(state.orgId, charge.period, charge.purpose);
  const credit = creditToApply(state.account.creditCents, charge.amountCents);
  const charged = charge.amountCents - credit;
  const now = deps.clock.now();
  const [row] = await tx
    .insert(billingCharges)
    .values({
      ...charge,
      orgId: state.orgId,
      idempotencyKey: key,
      creditAppliedCents: credit,
      chargedCents: charged,
      status: charged === 0 ? 'succeeded' : 'pending',
      attempts: charged === 0 ? 0 : 1,
      cardDescription: charged === 0 ? null : cardDescription(state.account),
      createdAt: now,
      settledAt: charged === 0 ? now : null,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    const [existing] = await tx
      .select()
      .from(billingCharges)
      .where(eq(billingCharges.idempotencyKey, key));
    if (!existing) throw new Error(`Charge ${key} neither inserted nor found`);
    return existing;
  }
  if (credit > 0)
    await tx
      .update(billingAccounts)
      .set({ creditCents: sql`${billingAccounts.creditCents} - ${credit}` })
      .where(eq(billingAccounts.orgId, state.orgId));
  if (row.status === 'succeeded') await applyEffects(tx, row);
  return row;
}
