import { centsToDollars, getPlan, type TPaymentHistoryRow } from '@waymark/core';
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { billingCharges } from '../../db/schema';

/**
 * spec §3 payment history: the organization's succeeded charges, newest first, with what a
 * printable receipt needs. Declined attempts are not payments and are not listed.
 */
export async function getPaymentHistory(
  { db }: { db: DbOrTx },
  input: { orgId: number },
): Promise<TPaymentHistoryRow[]> {
  const rows = await db
    .select()
    .from(billingCharges)
    .where(and(eq(billingCharges.orgId, input.orgId), eq(billingCharges.status, 'succeeded')))
    .orderBy(desc(billingCharges.settledAt), desc(billingCharges.id));
  return rows.map((row) => ({
    paymentDate: (row.settledAt ?? row.createdAt).toISOString(),
    transactionId: row.gatewayPaymentId ?? `credit-${row.id}`,
    planName: getPlan(row.planId).planName,
    totalPaymentAmount: centsToDollars(row.chargedCents),
    description: row.description,
    licenseCount: row.licenseCount,
    creditAppliedAmount: centsToDollars(row.creditAppliedCents),
    cardDescription: row.chargedCents > 0 ? row.cardDescription : null,
  }));
}
