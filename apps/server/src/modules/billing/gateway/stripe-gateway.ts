import { AppError, CARD_DECLINED_MESSAGE } from '@waymark/core';
import Stripe from 'stripe';
import type { StripeConfig } from '../../../config';
import type {
  AttachOutcome,
  CancelOutcome,
  ChargeOutcome,
  PaymentGateway,
} from './payment-gateway';

/** Where the SDK sends requests; tests point it at a local stand-in of the Stripe API. */
export type StripeEndpoint = { host: string; port: number; protocol: 'http' | 'https' };

/** A Stripe webhook event the billing module acts on. */
export type PaymentEvent = { paymentId: string; outcome: ChargeOutcome } | null;

/** The Stripe gateway plus its webhook verification. */
export type StripeGateway = Omit<PaymentGateway, 'kind'> & {
  kind: 'stripe';
  /**
   * Verifies a webhook's `Stripe-Signature` against the raw body (throws AppError BAD_REQUEST when
   * it does not match) and reads a PaymentIntent outcome from it; null for other events.
   */
  readWebhook(rawBody: string | Buffer, signature: string): PaymentEvent;
};

/** One try of a Stripe call; the SDK gives up on it after this long. */
const CALL_TIMEOUT_MS = 20_000;
/** Tries the SDK adds to a call that failed on the network or with a 409/5xx (same key). */
const NETWORK_RETRIES = 2;
/** The SDK's longest wait between two tries (stripe-node's MAX_NETWORK_RETRY_DELAY_SEC). */
const MAX_RETRY_DELAY_MS = 5_000;
/**
 * The longest one gateway call can take: every try timing out, every wait at its longest (70 s).
 * A pending charge younger than this may still be with its request (run-due-billing.ts).
 */
export const GATEWAY_CALL_MAX_MS =
  CALL_TIMEOUT_MS * (1 + NETWORK_RETRIES) + MAX_RETRY_DELAY_MS * NETWORK_RETRIES;

/**
 * The Stripe implementation (issue 13) on the official `stripe` SDK: a Customer per organization,
 * PaymentMethods attached through a confirmed off-session SetupIntent, off-session PaymentIntents
 * with idempotency keys, and signed webhooks for outcomes that arrive later (3-D Secure).
 */
export function createStripeGateway(
  config: StripeConfig,
  endpoint?: StripeEndpoint,
): StripeGateway {
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: NETWORK_RETRIES,
    timeout: CALL_TIMEOUT_MS,
    ...(endpoint && { host: endpoint.host, port: endpoint.port, protocol: endpoint.protocol }),
  });
  return {
    kind: 'stripe',
    publishableKey: config.publishableKey,
    async createCustomer({ orgId, name }) {
      // The idempotency key lasts 24 hours at Stripe; a customer made earlier whose id we never
      // stored (the first card was refused, or the process died) is found by its metadata
      // (docs/billing.md "Stripe customers"). Search lags writes by up to a minute; the key
      // covers that window.
      const oldest = await findCustomer(stripe, orgId);
      if (oldest) return oldest;
      const customer = await stripe.customers.create(
        { name: name || `Organization ${orgId}`, metadata: { orgId: String(orgId) } },
        { idempotencyKey: `customer-org-${orgId}` },
      );
      return customer.id;
    },
    async attachPaymentMethod({ customerId, paymentMethodId, orgId }): Promise<AttachOutcome> {
      let intent: Stripe.SetupIntent;
      try {
        intent = await stripe.setupIntents.create(
          {
            customer: customerId,
            payment_method: paymentMethodId,
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            usage: 'off_session',
            confirm: true,
            metadata: { orgId: String(orgId) },
          },
          { idempotencyKey: `setup-org-${orgId}-${paymentMethodId}` },
        );
      } catch (error) {
        throw toAppError(error);
      }
      if (intent.status !== 'succeeded' && intent.status !== 'requires_action')
        throw new AppError(
          'PAYMENT_FAILED',
          intent.last_setup_error?.message ?? CARD_DECLINED_MESSAGE,
        );
      const method = await stripe.paymentMethods.retrieve(paymentMethodId);
      const isSucceeded = intent.status === 'succeeded';
      return {
        status: isSucceeded ? 'succeeded' : 'requires_action',
        clientSecret: isSucceeded ? null : intent.client_secret,
        card: {
          brand: method.card?.brand ?? 'card',
          last4: method.card?.last4 ?? '????',
          expMonth: method.card?.exp_month ?? 0,
          expYear: method.card?.exp_year ?? 0,
        },
      };
    },
    async deleteCustomer(customerId) {
      try {
        await stripe.customers.del(customerId);
      } catch (error) {
        // Already deleted: the goal is reached.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return;
        throw error;
      }
    },
    async detachPaymentMethod(paymentMethodId) {
      try {
        await stripe.paymentMethods.detach(paymentMethodId);
      } catch (error) {
        // Already detached, or gone: the goal is reached.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return;
        throw error;
      }
    },
    async findCharge({ idempotencyKey, customerId }) {
      const intent = customerId
        ? await findIntentOfKey(stripe, customerId, idempotencyKey)
        : await searchIntentOfKey(stripe, idempotencyKey);
      return intent ? fromIntent(intent) : null;
    },
    async charge(input): Promise<ChargeOutcome> {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: 'usd',
            customer: input.customerId,
            payment_method: input.paymentMethodId,
            off_session: true,
            confirm: true,
            description: input.description,
            metadata: { orgId: String(input.orgId), ledgerKey: input.idempotencyKey },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return fromIntent(intent);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          const intent = error.payment_intent;
          if (error.code === 'authentication_required' && intent)
            return {
              status: 'requires_action',
              paymentId: intent.id,
              clientSecret: intent.client_secret,
              message: null,
            };
          return {
            status: 'failed',
            paymentId: intent?.id ?? '',
            clientSecret: null,
            message: error.message || CARD_DECLINED_MESSAGE,
          };
        }
        // A request Stripe refused as invalid (an amount under its $0.50 minimum…) charged nothing
        // and would be refused again with the same key: a failure, not an unknown outcome that the
        // billing job retries for ever (decision 0128).
        if (error instanceof Stripe.errors.StripeInvalidRequestError)
          return { status: 'failed', paymentId: '', clientSecret: null, message: error.message };
        // The key was first sent with other parameters: its answer was lost and the admin replaced
        // the card before the job sent it again. Stripe will not replay it, and the payment it
        // made may have succeeded: ask Stripe for that PaymentIntent (decision 0130).
        if (error instanceof Stripe.errors.StripeIdempotencyError) {
          const first = await findIntentOfKey(stripe, input.customerId, input.idempotencyKey);
          if (first) return fromIntent(first);
        }
        throw error;
      }
    },
    async retrievePayment(paymentId) {
      return fromIntent(await stripe.paymentIntents.retrieve(paymentId));
    },
    async cancelPayment({ paymentId, idempotencyKey }) {
      try {
        const intent = await stripe.paymentIntents.cancel(
          paymentId,
          { cancellation_reason: 'abandoned' },
          { idempotencyKey },
        );
        return fromCanceled(intent);
      } catch (error) {
        // Stripe refuses to cancel a PaymentIntent that already succeeded or was cancelled
        // (payment_intent_unexpected_state): ask what it is.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        return fromCanceled(await stripe.paymentIntents.retrieve(paymentId));
      }
    },
    readWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      } catch {
        throw new AppError('BAD_REQUEST', 'Invalid Stripe signature.');
      }
      if (!isSignedRecently(signature, Date.now()))
        throw new AppError('BAD_REQUEST', 'Invalid Stripe signature.');
      if (
        event.type !== 'payment_intent.succeeded' &&
        event.type !== 'payment_intent.payment_failed' &&
        event.type !== 'payment_intent.requires_action'
      )
        return null;
      const intent = event.data.object;
      return { paymentId: intent.id, outcome: fromIntent(intent) };
    },
  };
}

/** Stripe's default tolerance between a webhook's signing time and its arrival, in seconds. */
const WEBHOOK_TOLERANCE_S = 300;

/**
 * Whether the signature's timestamp (`t=`) lies within the tolerance of `nowMs` on both sides. The
 * SDK refuses only signatures older than the tolerance; one dated in the future would otherwise
 * stay replayable until that date has passed (issue 24).
 */
function isSignedRecently(signature: string, nowMs: number): boolean {
  const stamp = signature
    .split(',')
    .map((part) => part.split('='))
    .find(([key]) => key === 't')?.[1];
  const signedAt = Number(stamp);
  if (!stamp || !Number.isSafeInteger(signedAt)) return false;
  return Math.abs(nowMs / 1000 - signedAt) <= WEBHOOK_TOLERANCE_S;
}

/** The organization's oldest customer by metadata; null when none, or search is not offered. */
async function findCustomer(stripe: Stripe, orgId: number): Promise<string | null> {
  try {
    const found = await stripe.customers.search({
      query: `metadata['orgId']:'${orgId}'`,
      limit: 10,
    });
    return found.data.toSorted((a, b) => a.created - b.created)[0]?.id ?? null;
  } catch (error) {
    // Accounts without Search (Stripe does not offer it in India): the idempotency key remains.
    if (error instanceof Stripe.errors.StripeInvalidRequestError) return null;
    throw error;
  }
}

function fromCanceled(intent: Stripe.PaymentIntent): CancelOutcome {
  if (intent.status === 'succeeded') return { status: 'succeeded', paymentId: intent.id };
  if (intent.status === 'canceled') return { status: 'canceled', paymentId: intent.id };
  throw new Error(`PaymentIntent ${intent.id} is ${intent.status} after cancelling`);
}

/**
 * The customer's PaymentIntent made with the ledger key `key` (its `metadata.ledgerKey`), newest
 * first through the list, which reads Stripe's own records (search's index lags behind them).
 */
async function findIntentOfKey(
  stripe: Stripe,
  customerId: string,
  key: string,
): Promise<Stripe.PaymentIntent | undefined> {
  for await (const intent of stripe.paymentIntents.list({ customer: customerId, limit: 100 }))
    if (intent.metadata.ledgerKey === key) return intent;
  return undefined;
}

/**
 * The PaymentIntent made with the ledger key `key`, found by Search when the organization no
 * longer has its customer (closed). Search lags Stripe's records by up to a minute; the billing
 * job asks only for charges older than its gateway calls can take. Accounts without Search throw:
 * the outcome stays unknown and the charge pending.
 */
async function searchIntentOfKey(
  stripe: Stripe,
  key: string,
): Promise<Stripe.PaymentIntent | undefined> {
  const found = await stripe.paymentIntents.search({
    query: `metadata['ledgerKey']:'${key}'`,
    limit: 10,
  });
  return found.data.find((intent) => intent.metadata.ledgerKey === key);
}

function fromIntent(intent: Stripe.PaymentIntent): ChargeOutcome {
  if (intent.status === 'succeeded')
    return { status: 'succeeded', paymentId: intent.id, clientSecret: null, message: null };
  if (
    intent.status === 'requires_action' ||
    intent.status === 'requires_confirmation' ||
    intent.status === 'processing'
  )
    return {
      status: 'requires_action',
      paymentId: intent.id,
      clientSecret: intent.client_secret,
      message: null,
    };
  return {
    status: 'failed',
    paymentId: intent.id,
    clientSecret: null,
    message: intent.last_payment_error?.message ?? CARD_DECLINED_MESSAGE,
  };
}

function toAppError(error: unknown): unknown {
  if (error instanceof Stripe.errors.StripeCardError)
    return new AppError('PAYMENT_FAILED', error.message || CARD_DECLINED_MESSAGE);
  if (error instanceof Stripe.errors.StripeInvalidRequestError)
    return new AppError('BAD_REQUEST', 'No such payment method.');
  return error;
}
