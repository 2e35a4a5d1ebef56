import { AppError } from '@waymark/core';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingAccounts } from '../../db/schema';
import { readBillingState } from './billing-state';

/**
 * Adds credit to an organization (spec §9 "credit carried to later payments"): an operator's
 * goodwill or correction, used before the card by the next charges. No route: support runs it.
 */
export async function grantCredit(db: Db, input: { orgId: number; cents: number }): Promise<void> {
  if (!Number.isInteger(input.cents) || input.cents <= 0)
    throw new AppError('BAD_REQUEST', 'Credit must be a positive number of cents.');
  await db.transaction(async (tx) => {
    await readBillingState(tx, input.orgId, { lock: true });
    await tx
      .update(billingAccounts)
      .set({ creditCents: sql`${billingAccounts.creditCents} + ${input.cents}` })
      .where(eq(billingAccounts.orgId, input.orgId));
  });
}
