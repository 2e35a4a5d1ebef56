import { centsToDollars, type TPendingPaymentAction } from '@waymark/core';
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { billingCharges } from '../../db/schema';

/** The organization's latest charge waiting for 3-D Secure, or null. */
export async function getPendingPaymentAction(
  { db }: { db: DbOrTx },
  input: { orgId: number },
): Promise<TPendingPaymentAction | null> {
  const [row] = await db
    .select()
    .from(billingCharges)
    .where(and(eq(billingCharges.orgId, input.orgId), eq(billingCharges.status, 'requires_action')))
    .orderBy(desc(billingCharges.id))
    .limit(1);
  if (!row?.gatewayPaymentId) return null;
  return {
    paymentIntentId: row.gatewayPaymentId,
    clientSecret: row.clientSecret,
    amount: centsToDollars(row.chargedCents),
    description: row.description,
  };
}
