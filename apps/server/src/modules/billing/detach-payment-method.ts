import { AppError } from '@waymark/core';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { billingAccounts } from '../../db/schema';
import { recordAudit, type AuditContext } from '../audit/index';
import type { BillingDeps } from './billing-deps';
import { PAYMENT_METHOD_NOT_FOUND } from './billing-messages';
import { ensureAccount } from './billing-state';
import { claimCardChange, releaseCardChange } from './card-change-claim';

/** The organization whose saved card is `paymentMethodId`; NOT_FOUND when none. */
export async function orgOfPaymentMethod(db: DbOrTx, paymentMethodId: string): Promise<number> {
  const [row] = await db
    .select({ orgId: billingAccounts.orgId })
    .from(billingAccounts)
    .where(eq(billingAccounts.paymentMethodId, paymentMethodId));
  if (!row) throw new AppError('NOT_FOUND', PAYMENT_METHOD_NOT_FOUND);
  return row.orgId;
}

/**
 * spec §7 detachPaymentMethod/{stripePaymentId}: detaches the organization's saved card at the
 * gateway and forgets it. Charges due later then fail until a new card is added (and are retried).
 */
export async function detachPaymentMethod(
  deps: Pick<BillingDeps, 'db' | 'gateway' | 'clock'>,
  input: { orgId: number; paymentMethodId: string },
  audit: AuditContext,
): Promise<string> {
  const { db } = deps;
  const claim = await claimCardChange(db, input.orgId);
  try {
    const { paymentMethodId, cardBrand, cardLast4 } = await ensureAccount(db, input.orgId);
    // A save that replaced it meanwhile has detached it already.
    if (paymentMethodId !== input.paymentMethodId)
      throw new AppError('NOT_FOUND', PAYMENT_METHOD_NOT_FOUND);
    await deps.gateway.detachPaymentMethod(input.paymentMethodId);
    const card = `${cardBrand ?? 'card'} ending in ${cardLast4 ?? '????'}`;
    await db.transaction(async (tx) => {
      await tx
        .update(billingAccounts)
        .set({
          paymentMethodId: null,
          cardBrand: null,
          cardLast4: null,
          cardExpMonth: null,
          cardExpYear: null,
        })
        .where(eq(billingAccounts.orgId, input.orgId));
      await recordAudit(tx, audit, {
        orgId: input.orgId,
        action: 'payment_method.removed',
        target: { type: 'payment_method', label: card },
        before: { card },
        at: deps.clock.now(),
      });
    });
  } finally {
    await releaseCardChange(db, input.orgId, claim);
  }
  return 'Payment method removed.';
}
