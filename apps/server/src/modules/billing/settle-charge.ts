import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { billingCharges, organizations } from '../../db/schema';
import type { BillingDeps } from './billing-deps';
import { readCharge, type ChargeRow } from './ledger';

/** How a recording settles a charge: see {@link settleCharge}. */
export type Settlement = {
  /** The state the charge must still be in, at the same attempt, for this recording to win. */
  from: ChargeRow['status'];
  /** The row's new columns; `now` is read once the org row is locked. */
  changes: (now: Date) => Partial<typeof billingCharges.$inferInsert>;
  /**
   * What the winning recording does besides, in the same transaction (effects, credit, notices);
   * `orgPlanId` is the organization's plan as locked.
   */
  followUp: (tx: DbOrTx, updated: ChargeRow, orgPlanId: number | null | undefined) => Promise<void>;
};

/**
 * Records a gateway answer for a charge exactly once (docs/billing.md "Exactly once"): in one
 * transaction holding the org row lock, a conditional update moves the row out of `from` only while
 * it is still there at the same attempt, and only that winner runs the follow-up. A recorder that
 * lost (a webhook, a second run) gets the row as it now is.
 */
export function settleCharge(
  deps: Pick<BillingDeps, 'db' | 'clock'>,
  row: ChargeRow,
  settlement: Settlement,
): Promise<ChargeRow> {
  return deps.db.transaction(async (tx) => {
    const [org] = await tx
      .select({ planId: organizations.planId })
      .from(organizations)
      .where(eq(organizations.id, row.orgId))
      .for('update');
    const [updated] = await tx
      .update(billingCharges)
      .set(settlement.changes(deps.clock.now()))
      .where(
        and(
          eq(billingCharges.id, row.id),
          eq(billingCharges.status, settlement.from),
          eq(billingCharges.attempts, row.attempts),
        ),
      )
      .returning();
    if (!updated) return readCharge(tx, row.id);
    await settlement.followUp(tx, updated, org?.planId);
    return updated;
  });
}
