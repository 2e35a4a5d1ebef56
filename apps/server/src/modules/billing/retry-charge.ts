import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { billingCharges } from '../../db/schema';
import { attemptCharge } from './attempt-charge';
import type { BillingDeps } from './billing-deps';
import { cancelGatewayPayment } from './cancel-waiting-charges';
import { readCharge, type ChargeRow } from './ledger';
import { recordOutcome } from './record-outcome';

/**
 * Starts the next attempt of a failed (or unconfirmed) recurring charge whose retry is due, then
 * sends it. Only one caller wins the move back to `pending`; the others get the row as it is.
 */
export async function retryCharge(deps: BillingDeps, chargeId: number): Promise<ChargeRow> {
  const row = await readCharge(deps.db, chargeId);
  if (row.status === 'requires_action' && row.gatewayPaymentId) {
    // The next attempt is a new gateway payment: the one waiting for 3-D Secure is cancelled
    // first, so it cannot be confirmed (and paid) beside it — unless the bank confirmed it already.
    const previous = await cancelGatewayPayment(deps, row, row.gatewayPaymentId);
    if (previous.status === 'succeeded')
      return recordOutcome(deps, row, 'requires_action', {
        status: 'succeeded',
        paymentId: previous.paymentId,
        clientSecret: null,
        message: null,
      });
  }
  const [claimed] = await deps.db
    .update(billingCharges)
    .set({ status: 'pending', attempts: sql`${billingCharges.attempts} + 1`, nextAttemptAt: null })
    .where(
      and(
        eq(billingCharges.id, chargeId),
        inArray(billingCharges.status, ['failed', 'requires_action']),
        lte(billingCharges.nextAttemptAt, deps.clock.now()),
      ),
    )
    .returning({ id: billingCharges.id });
  if (!claimed) return readCharge(deps.db, chargeId);
  return attemptCharge(deps, chargeId);
}
