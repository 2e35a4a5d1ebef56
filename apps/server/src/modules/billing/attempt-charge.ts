import { eq } from 'drizzle-orm';
import { billingAccounts } from '../../db/schema';
import type { BillingDeps } from './billing-deps';
import type { ChargeOutcome } from './gateway/payment-gateway';
import { readCharge, type ChargeRow } from './ledger';
import { recordOutcome } from './record-outcome';

/**
 * Sends a pending charge to the gateway with the key of its current attempt and records the
 * outcome. Safe to repeat and to run in two processes at once: the gateway answers a repeated key
 * with the first outcome, and only one recording moves the row out of `pending`. A gateway error
 * leaves the row pending for the billing job to settle with the same key.
 */
export async function attemptCharge(deps: BillingDeps, chargeId: number): Promise<ChargeRow> {
  const row = await readCharge(deps.db, chargeId);
  if (row.status !== 'pending') return row;
  const [account] = await deps.db
    .select()
    .from(billingAccounts)
    .where(eq(billingAccounts.orgId, row.orgId));
  const idempotencyKey = `${row.idempotencyKey}:${row.attempts}`;
  const outcome: ChargeOutcome =
    account?.customerId && account.paymentMethodId
      ? await deps.gateway.charge({
          customerId: account.customerId,
          paymentMethodId: account.paymentMethodId,
          amountCents: row.chargedCents,
          idempotencyKey,
          description: row.description,
          orgId: row.orgId,
        })
      : // The card was removed (or the organization closed) since this attempt may have been
        // sent: what the gateway did with it, if anything, is the outcome (decision 0130).
        ((await deps.gateway.findCharge({
          idempotencyKey,
          customerId: account?.customerId ?? null,
        })) ?? {
          status: 'failed',
          paymentId: '',
          clientSecret: null,
          message: 'No payment method on file.',
        });
  return recordOutcome(deps, row, 'pending', outcome);
}
