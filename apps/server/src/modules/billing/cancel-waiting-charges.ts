import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { billingCharges } from '../../db/schema';
import type { BillingDeps } from './billing-deps';
import type { CancelOutcome } from './gateway/payment-gateway';
import { RECURRING_PURPOSES_SQL, type ChargeRow } from './ledger';
import { recordCancellation } from './record-cancellation';

/** `billing_charges` under the alias `c` of the billing job's raw due-organization query. */
const charges = alias(billingCharges, 'c');

/**
 * "An admin's purchase or upgrade still waiting for 3-D Secure after its month", over the table or
 * its alias `c`: the one statement of the condition both the expiry and the due query use.
 */
function isLapsedPurchase(table: typeof billingCharges | typeof charges, period: string): SQL {
  return sql`(${table.status} = 'requires_action' and ${table.period} < ${period}
    and ${table.purpose} not in (${RECURRING_PURPOSES_SQL}))`;
}

/**
 * Expires an admin's purchase or upgrade still waiting for 3-D Secure once its month is over
 * (docs/billing.md "Charges waiting for 3-D Secure"): its price was the rest of that month, which
 * has passed, and the monthly charge of the new month counts only the licences paid for.
 */
export async function expireWaitingPurchases(
  db: DbOrTx,
  orgId: number,
  period: string,
): Promise<void> {
  await db
    .update(billingCharges)
    .set({ status: 'canceling', nextAttemptAt: null })
    .where(and(eq(billingCharges.orgId, orgId), isLapsedPurchase(billingCharges, period)));
}

/**
 * SQL over `billing_charges c` of "this row has cancellation work due": given up, or a purchase
 * {@link expireWaitingPurchases} would give up. The billing job's due-organization query uses it.
 */
export const waitingCancelSql = (period: string) =>
  sql`(${charges.status} = 'canceling' or ${isLapsedPurchase(charges, period)})`;

/**
 * Cancels a charge's current gateway payment, under a key of the charge's attempt: repeating it
 * (a second run, a second copy) asks the gateway the same question and gets the same answer.
 */
export function cancelGatewayPayment(
  deps: BillingDeps,
  row: ChargeRow,
  paymentId: string,
): Promise<CancelOutcome> {
  return deps.gateway.cancelPayment({
    paymentId,
    idempotencyKey: `${row.idempotencyKey}:${row.attempts}:cancel`,
  });
}

/**
 * Cancels at the gateway every `canceling` charge of the organization and records the answer.
 * Safe to repeat and to run in two processes: the gateway call has its own idempotency key and a
 * payment already cancelled or paid is an answer, not an error; only one recording wins. A gateway
 * error leaves the row `canceling` for the next billing run.
 */
export async function cancelWaitingCharges(deps: BillingDeps, orgId: number): Promise<void> {
  const rows = await deps.db
    .select()
    .from(billingCharges)
    .where(and(eq(billingCharges.orgId, orgId), eq(billingCharges.status, 'canceling')));
  for (const row of rows) {
    const outcome: CancelOutcome = row.gatewayPaymentId
      ? await cancelGatewayPayment(deps, row, row.gatewayPaymentId)
      : { status: 'canceled', paymentId: '' };
    await recordCancellation(deps, row, outcome);
  }
}
