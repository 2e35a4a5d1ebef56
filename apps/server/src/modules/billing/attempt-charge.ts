import { eq } from 'drizzle-orm';
import { billingAccounts } from '../../db/schema';
import type { BillingDeps } from './billing-deps';
import type { ChargeOutcome } from './gateway/payment-gateway';
import { readCharge, type ChargeRow } from './ledger';
import { recordOutcome, type RecordOptions } from './record-outcome';

/**
 * Sends a pending charge to the gateway with the key of its current attempt and records the
 * outcome. Safe to repeat and to run in two processes at once: the gateway answers a repeated key
 * with the first outcome, and only one recording moves the row out of `pending`. A gateway error
 * leaves the row pending for the billing job to settle with the same key.
 */
export async function attemptCharge(
  deps: BillingDeps,
  chargeId: number,
  options: RecordOptions = {},
): Promise<ChargeRow> {
  const row = await readCharge(deps.db, chargeId);
  if (row.status !== 'pending') return row;
  const [account] = await deps.db
    .select()
    .from(billingAccounts)
    .where(eq(billingAccounts.orgId, row.orgId));
  const outcome: ChargeOutcome =
    account?.customerId && account.paymentMethodId
      ? await deps.gateway.charge({
          customerId: account.customerId,
          paymentMethodId: account.paymentMethodId,
          amountCents: row.chargedCents,
          idempotencyKey: `${row.idempotencyKey}:${row.attempts}`,
          description: row.description,
          orgId: row.orgId,
        })
      : {
          status: 'failed',
          paymentId: '',
          clientSecret: null,
          message: 'No payment method on file.',
        };
  return recordOutcome(deps, row, 'pending', outcome, options);
}
