import { setTimeout as sleep } from 'node:timers/promises';
import { licensesPurchasedMessage } from '@waymark/core';
import type { BillingDeps } from './billing-deps';
import { readCharge, REQUEST_WAIT_MS } from './ledger';
import type { RequestKeyRow } from './request-key';
import { requireChargeSucceeded } from './require-charge-succeeded';

/** Between two reads of a charge still in flight. */
const POLL_MS = 100;

/**
 * Answers a purchase repeated with its idempotency key as the first one answered (decision 0131),
 * buying and charging nothing: the trial's free licences, or the charge as it now stands (see
 * {@link requireChargeSucceeded}). A charge still `pending` and younger than one gateway call is
 * probably with its first request: the repeat reads it again until it is settled, holding no
 * connection meanwhile, so repeats sent at once answer what the first learns.
 */
export async function replayPurchase(
  deps: Pick<BillingDeps, 'db' | 'clock'>,
  key: RequestKeyRow,
  purchaseCount: number,
): Promise<string> {
  if (key.chargeId === null) return licensesPurchasedMessage(purchaseCount);
  let charge = await readCharge(deps.db, key.chargeId);
  // Bounded by reads as well: the billing clock is a test's to stop.
  for (
    let reads = 1;
    charge.status === 'pending' &&
    deps.clock.now().getTime() - charge.createdAt.getTime() < REQUEST_WAIT_MS &&
    reads < REQUEST_WAIT_MS / POLL_MS;
    reads++
  ) {
    await sleep(POLL_MS);
    charge = await readCharge(deps.db, charge.id);
  }
  requireChargeSucceeded(charge);
  return licensesPurchasedMessage(purchaseCount);
}
