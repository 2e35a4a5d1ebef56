import { AppError } from '@waymark/core';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { billingCardClaims } from '../../db/schema';
import { PAYMENT_METHOD_BUSY } from './billing-messages';

/**
 * Claims the organization's card for one save or removal (issue 24), or refuses with 409 while
 * another change holds it. The claim is a row, not a lock held in a transaction: the gateway
 * calls that follow run with no database connection held, so a burst of saves across many
 * organizations cannot take the pool. A change that crashes leaves a claim that runs out after
 * five minutes (longer than the gateway's retries). Answers the claim {@link releaseCardChange}
 * needs.
 */
export async function claimCardChange(db: DbOrTx, orgId: number): Promise<Date> {
  // Millisecond precision, so the claim reads back equal to the JavaScript Date.
  const until = sql`date_trunc('milliseconds', now() + interval '5 minutes')`;
  const [claimed] = await db
    .insert(billingCardClaims)
    .values({ orgId, until })
    .onConflictDoUpdate({
      target: billingCardClaims.orgId,
      set: { until },
      where: lt(billingCardClaims.until, sql`now()`),
    })
    .returning({ until: billingCardClaims.until });
  if (!claimed) throw new AppError('CONFLICT', PAYMENT_METHOD_BUSY);
  return claimed.until;
}

/** Ends a claim of {@link claimCardChange}, unless it ran out and another change holds the card. */
export async function releaseCardChange(db: DbOrTx, orgId: number, claim: Date): Promise<void> {
  await db
    .delete(billingCardClaims)
    .where(and(eq(billingCardClaims.orgId, orgId), eq(billingCardClaims.until, claim)));
}
