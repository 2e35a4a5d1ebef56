import { centsToDollars, type TProcessingPayment } from '@waymark/core';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { billingCharges } from '../../db/schema';

/**
 * The organization's charges whose outcome is not known yet, oldest first (decision 0130). A
 * purchase answered PAYMENT_PROCESSING is one until the billing job settles it; the Account screen
 * lists them so that the admin who reloads, as the message says, sees the payment and does not
 * buy again.
 */
export async function getProcessingPayments(
  { db }: { db: DbOrTx },
  input: { orgId: number },
): Promise<TProcessingPayment[]> {
  const rows = await db
    .select({
      chargedCents: billingCharges.chargedCents,
      description: billingCharges.description,
      createdAt: billingCharges.createdAt,
    })
    .from(billingCharges)
    .where(and(eq(billingCharges.orgId, input.orgId), eq(billingCharges.status, 'pending')))
    .orderBy(asc(billingCharges.id));
  return rows.map((row) => ({
    amount: centsToDollars(row.chargedCents),
    description: row.description,
    startedAt: row.createdAt.toISOString(),
  }));
}
