import { type TCustomerPaymentInfo } from '@waymark/core';
import type { DbOrTx } from '../../db/client';
import { readBillingState } from './billing-state';

/** spec §3 customer payment info: brand, last four and expiry of the saved card; nulls without. */
export async function retrieveCustomerPaymentMethod(
  { db }: { db: DbOrTx },
  input: { orgId: number },
): Promise<TCustomerPaymentInfo> {
  const { account } = await readBillingState(db, input.orgId, { lock: false });
  const hasCard = account.paymentMethodId !== null;
  return {
    stripeCustomerId: account.customerId,
    cardLastFourDigits: hasCard ? account.cardLast4 : null,
    expMonthandYear:
      hasCard && account.cardExpMonth && account.cardExpYear
        ? `${String(account.cardExpMonth).padStart(2, '0')}/${account.cardExpYear}`
        : null,
    stripePaymentId: account.paymentMethodId,
    cardBrand: hasCard ? account.cardBrand : null,
  };
}
