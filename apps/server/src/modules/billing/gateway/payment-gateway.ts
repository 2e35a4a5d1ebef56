/** What is kept of a card: never the number (docs/billing.md). */
export type CardSummary = {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
};

/** The outcome of one charge attempt as the gateway reports it. */
export type ChargeOutcome = {
  status: 'succeeded' | 'failed' | 'requires_action';
  /** The gateway's payment id (pi_…): the transactionId of the payment history. */
  paymentId: string;
  /** For `requires_action`: what the portal passes to `stripe.handleNextAction`. */
  clientSecret: string | null;
  /** For `failed`: the gateway's words for people ("Your card was declined."). */
  message: string | null;
};

/** What a payment is after the ledger asked the gateway to cancel it. */
export type CancelOutcome = {
  /** `canceled`: nothing was taken. `succeeded`: the bank confirmed it first; it is paid. */
  status: 'canceled' | 'succeeded';
  paymentId: string;
};

/** The outcome of saving a card to a customer. */
export type AttachOutcome = {
  status: 'succeeded' | 'requires_action';
  clientSecret: string | null;
  card: CardSummary;
};

/**
 * The payment provider behind billing (issue 13): Stripe, or the in-process sandbox. Every call
 * that moves money carries an idempotency key; repeating a call with the same key answers the first
 * outcome and never charges twice. Declines are outcomes (or `PAYMENT_FAILED` AppErrors when saving a
 * card), not exceptions; an exception means "unknown — try again with the same key".
 */
export type PaymentGateway = {
  /** Which implementation this is (the portal loads the matching card form). */
  kind: 'sandbox' | 'stripe';
  /** Stripe's publishable key for the Payment Element; null in the sandbox. */
  publishableKey: string | null;
  /** Creates a customer for the organization (idempotent per organization). */
  createCustomer(input: { orgId: number; name: string }): Promise<string>;
  /**
   * Attaches a payment method made by the card form to the customer and checks it can be charged
   * off-session. Throws AppError `PAYMENT_FAILED` with the gateway's words on a decline.
   */
  attachPaymentMethod(input: {
    customerId: string;
    paymentMethodId: string;
    orgId: number;
  }): Promise<AttachOutcome>;
  /**
   * Deletes the organization's customer (issue 33, closing): Stripe then cancels its
   * subscriptions and detaches its cards, so nothing can be charged again. A customer already
   * deleted is fine; throws when the outcome is unknown (the job retries).
   */
  deleteCustomer(customerId: string): Promise<void>;
  /** Detaches a payment method from its customer; an already detached one is fine. */
  detachPaymentMethod(paymentMethodId: string): Promise<void>;
  /**
   * The outcome of the charge sent with `idempotencyKey`, or null when the gateway has none: a
   * charge whose answer was lost, asked for once its card is gone (decision 0130).
   * `customerId` narrows the lookup when the organization still has its customer.
   */
  findCharge(input: {
    idempotencyKey: string;
    customerId: string | null;
  }): Promise<ChargeOutcome | null>;
  /** Charges the customer's card off-session. */
  charge(input: {
    customerId: string;
    paymentMethodId: string;
    amountCents: number;
    idempotencyKey: string;
    description: string;
    orgId: number;
  }): Promise<ChargeOutcome>;
  /**
   * The current outcome of a payment (after a 3-D Secure confirmation). The sandbox's own confirm
   * step passes `approve`; Stripe ignores it and asks Stripe.
   */
  retrievePayment(paymentId: string, approve?: boolean): Promise<ChargeOutcome>;
  /**
   * Cancels a payment waiting for 3-D Secure so it can no longer be confirmed. Idempotent: a
   * payment already cancelled answers `canceled`, one already paid answers `succeeded` (never
   * refunded here). Throws when the outcome is unknown (gateway down): try again with the same key.
   */
  cancelPayment(input: { paymentId: string; idempotencyKey: string }): Promise<CancelOutcome>;
};
