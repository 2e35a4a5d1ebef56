import { AppError } from '@waymark/core';
import type { BillingDeps } from './billing-deps';
import { PAYMENT_PROCESSING_MESSAGE } from './billing-messages';
import { attemptCharge } from './attempt-charge';
import type { ChargeRow } from './ledger';
import { requireChargeSucceeded } from './require-charge-succeeded';

/**
 * Charges a just-opened ledger row for an admin's request and turns the outcome into the answer:
 * succeeded returns; a decline is 402 PAYMENT_FAILED with the gateway's words; 3-D Secure is 402
 * PAYMENT_ACTION_REQUIRED (the portal then asks getPendingPaymentAction). An outcome not known
 * (the gateway did not answer, or its answer could not be recorded, even for a busy pool) leaves the row pending for the
 * billing job to settle with the same key, and is 402 PAYMENT_PROCESSING: never "failed", since
 * the job will still charge it and a second request would pay twice (decision 0128).
 */
export async function settleRequestCharge(deps: BillingDeps, row: ChargeRow): Promise<ChargeRow> {
  let settled: ChargeRow;
  try {
    settled = await attemptCharge(deps, row.id);
  } catch (error) {
    // Any error, the pool's busy answer included (it can come after the gateway charged, when the
    // outcome's transaction waits for a connection): the row is still pending, and charged later.
    throw new AppError('PAYMENT_PROCESSING', PAYMENT_PROCESSING_MESSAGE, { cause: error });
  }
  return requireChargeSucceeded(settled);
}
