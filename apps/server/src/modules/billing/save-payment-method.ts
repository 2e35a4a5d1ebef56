import { type TSavePaymentMethodResult } from '@waymark/core';
import { eq } from 'drizzle-orm';
import { billingAccounts } from '../../db/schema';
import { recordAudit, type AuditContext } from '../audit/index';
import type { BillingDeps } from './billing-deps';
import { PAYMENT_NEEDS_CONFIRMATION } from './billing-messages';
import { ensureAccount, readBillingState } from './billing-state';
import type { AttachOutcome } from './gateway/payment-gateway';
import { claimCardChange, releaseCardChange } from './card-change-claim';

/**
 * spec §7 savePaymentMethod: attaches the card form's payment method to the organization's
 * customer (created on first use) and makes it the card every charge uses; the previous card is
 * detached. A decline is 402 PAYMENT_FAILED with the gateway's words and changes nothing. The
 * whole exchange holds the organization's card claim (issue 24: concurrent saves once detached
 * the card a later save had stored).
 */
export async function savePaymentMethod(
  deps: BillingDeps,
  input: { orgId: number; stripePaymentId: string },
  audit: AuditContext,
): Promise<TSavePaymentMethodResult> {
  const { db, gateway } = deps;
  const claim = await claimCardChange(db, input.orgId);
  let attached: AttachOutcome;
  try {
    const state = await readBillingState(db, input.orgId, { lock: false });
    // Stored only once the card is attached: a refused card leaves nothing behind.
    const customerId =
      state.account.customerId ??
      (await gateway.createCustomer({ orgId: input.orgId, name: state.orgName }));
    attached = await gateway.attachPaymentMethod({
      customerId,
      paymentMethodId: input.stripePaymentId,
      orgId: input.orgId,
    });
    await ensureAccount(db, input.orgId);
    const { card } = attached;
    await db.transaction(async (tx) => {
      await tx
        .update(billingAccounts)
        .set({
          customerId,
          paymentMethodId: input.stripePaymentId,
          cardBrand: card.brand,
          cardLast4: card.last4,
          cardExpMonth: card.expMonth,
          cardExpYear: card.expYear,
          updatedAt: deps.clock.now(),
        })
        .where(eq(billingAccounts.orgId, input.orgId));
      await recordAudit(tx, audit, {
        orgId: input.orgId,
        action: 'payment_method.saved',
        target: { type: 'payment_method', label: `${card.brand} ending in ${card.last4}` },
        before: state.account.cardLast4
          ? { card: `${state.account.cardBrand ?? 'card'} ending in ${state.account.cardLast4}` }
          : null,
        after: { card: `${card.brand} ending in ${card.last4}` },
        at: deps.clock.now(),
      });
    });
    const previous = state.account.paymentMethodId;
    if (previous && previous !== input.stripePaymentId)
      await gateway.detachPaymentMethod(previous).catch(() => undefined);
  } finally {
    await releaseCardChange(db, input.orgId, claim);
  }
  return {
    status: attached.status,
    clientSecret: attached.clientSecret,
    message:
      attached.status === 'succeeded'
        ? `Your ${attached.card.brand} card ending in ${attached.card.last4} is saved.`
        : PAYMENT_NEEDS_CONFIRMATION,
  };
}
