import { AppError, CARD_DECLINED_MESSAGE } from '@waymark/core';
import { and, eq } from 'drizzle-orm';
import { billingCharges } from '../../db/schema';
import type { BillingDeps } from './billing-deps';
import { PAYMENT_NEEDS_CONFIRMATION } from './billing-messages';
import { recordOutcome } from './record-outcome';

/**
 * Records the outcome of a charge the admin confirmed with their bank: asks the gateway (the
 * sandbox takes the admin's answer from its own confirm step) and settles the ledger row once —
 * Stripe's webhook may have done it already, which is fine.
 */
export async function confirmPaymentAction(
  deps: BillingDeps,
  input: { orgId: number; paymentIntentId: string; approve?: boolean | undefined },
): Promise<string> {
  const [row] = await deps.db
    .select()
    .from(billingCharges)
    .where(
      and(
        eq(billingCharges.orgId, input.orgId),
        eq(billingCharges.gatewayPaymentId, input.paymentIntentId),
      ),
    );
  if (!row) throw new AppError('NOT_FOUND', 'No payment is waiting for confirmation.');
  if (row.status === 'succeeded') return 'Payment confirmed. Thank you.';
  if (row.status !== 'requires_action')
    throw new AppError('CONFLICT', 'This payment no longer waits for confirmation.');
  const outcome = await deps.gateway.retrievePayment(
    input.paymentIntentId,
    deps.gateway.kind === 'sandbox' ? (input.approve ?? false) : undefined,
  );
  // Still waiting: the bank refused this confirmation (its words, the charge stays open for
  // another try) or it has not been completed yet.
  if (outcome.status === 'requires_action')
    throw outcome.message
      ? new AppError('PAYMENT_FAILED', outcome.message)
      : new AppError('PAYMENT_ACTION_REQUIRED', PAYMENT_NEEDS_CONFIRMATION);
  const settled = await recordOutcome(deps, row, 'requires_action', outcome);
  if (settled.status === 'succeeded') return 'Payment confirmed. Thank you.';
  throw new AppError('PAYMENT_FAILED', settled.failureMessage ?? CARD_DECLINED_MESSAGE);
}
