import { isAppError, PLAN_IDS } from '@waymark/core';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createStripeGateway,
  type StripeGateway,
} from '../src/modules/billing/gateway/stripe-gateway';
import { startAuthTestApp, type AuthTestContext } from './auth-test-app';
import { setPlan } from './billing-world';
import { createOrgWorld, ok } from './projects-world';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in';

// The Stripe gateway on the real `stripe` SDK, pointed at a local stand-in of Stripe's API (the
// SDK's host/port/protocol options): never the network.
const KEYS = {
  secretKey: 'sk_test_standin',
  publishableKey: 'pk_test_standin',
  webhookSecret: 'whsec_standin',
};
let standIn: StripeStandIn;
let gateway: StripeGateway;
beforeAll(async () => {
  standIn = await startStripeStandIn();
  gateway = createStripeGateway(
    { ...KEYS, apiUrl: undefined },
    { host: '127.0.0.1', port: standIn.port, protocol: 'http' },
  );
});
afterAll(() => standIn.close());

const caught = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );
const charge = (paymentMethodId: string, idempotencyKey: string) =>
  gateway.charge({
    customerId: 'cus_1',
    paymentMethodId,
    amountCents: 1099,
    idempotencyKey,
    description: 'test',
    orgId: 7,
  });

describe('Stripe gateway (SDK against the stand-in)', () => {
  it('creates a customer and saves a card through a confirmed off-session SetupIntent', async () => {
    expect(await gateway.createCustomer({ orgId: 7, name: 'Acme' })).toMatch(/^cus_/);
    expect(standIn.requests.at(-1)?.idempotencyKey).toBe('customer-org-7');
    const saved = await gateway.attachPaymentMethod({
      customerId: 'cus_1',
      paymentMethodId: 'pm_card_visa',
      orgId: 7,
    });
    expect(saved).toEqual({
      status: 'succeeded',
      clientSecret: null,
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 },
    });
    const setup = standIn.requests.find((r) => r.path === '/v1/setup_intents');
    expect(setup?.form.get('usage')).toBe('off_session');
    expect(setup?.form.get('confirm')).toBe('true');
  });

  it('refuses a declined card with its words', async () => {
    const error = await caught(
      gateway.attachPaymentMethod({
        customerId: 'cus_1',
        paymentMethodId: 'pm_card_chargeDeclined',
        orgId: 7,
      }),
    );
    expect(isAppError(error) && [error.code, error.message]).toEqual([
      'PAYMENT_FAILED',
      'Your card was declined.',
    ]);
  });

  it('charges off-session once per idempotency key', async () => {
    const before = standIn.intentsCreated;
    const first = await charge('pm_card_visa', 'org-7:2026-05:monthly:1');
    const again = await charge('pm_card_visa', 'org-7:2026-05:monthly:1');
    expect(first).toEqual({
      status: 'succeeded',
      paymentId: first.paymentId,
      clientSecret: null,
      message: null,
    });
    expect(again.paymentId).toBe(first.paymentId);
    expect(standIn.intentsCreated).toBe(before + 1);
    const sent = standIn.requests.filter((r) => r.path === '/v1/payment_intents');
    expect(sent.at(-1)?.idempotencyKey).toBe('org-7:2026-05:monthly:1');
    expect(sent.at(-1)?.form.get('off_session')).toBe('true');
    expect(sent.at(-1)?.form.get('currency')).toBe('usd');
  });

  it('reports a decline and a 3-D Secure request as outcomes', async () => {
    expect(await charge('pm_card_chargeCustomerFail', 'k-decline')).toMatchObject({
      status: 'failed',
      message: 'Your card was declined.',
    });
    const action = await charge('pm_card_authenticationRequired', 'k-3ds');
    expect(action).toMatchObject({ status: 'requires_action' });
    expect(action.clientSecret).toBe(`${action.paymentId}_secret`);
    expect(await gateway.retrievePayment(action.paymentId)).toMatchObject({
      status: 'requires_action',
    });
  });

  it('accepts only webhooks signed with the endpoint secret', () => {
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_9', object: 'payment_intent', status: 'succeeded' } },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: KEYS.webhookSecret,
    });
    expect(gateway.readWebhook(payload, signature)).toMatchObject({
      paymentId: 'pi_9',
      outcome: { status: 'succeeded' },
    });
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    expect(() => gateway.readWebhook(payload, forged)).toThrow('Invalid Stripe signature.');
  });
});

describe('the app on Stripe (STRIPE_* set, API at the stand-in)', () => {
  let t: AuthTestContext;
  beforeAll(async () => {
    t = await startAuthTestApp({
      env: {
        STRIPE_SECRET_KEY: KEYS.secretKey,
        STRIPE_PUBLISHABLE_KEY: KEYS.publishableKey,
        STRIPE_WEBHOOK_SECRET: KEYS.webhookSecret,
        STRIPE_API_URL: `http://127.0.0.1:${standIn.port}`,
      },
    });
  });
  afterAll(() => t.close());

  it('gives the portal the publishable key and turns the sandbox form off', async () => {
    const w = await createOrgWorld(t);
    expect(
      ok(await t.call(w.admin, { method: 'GET', url: '/api/stripe/getPaymentConfig' })),
    ).toEqual({
      gateway: 'stripe',
      publishableKey: KEYS.publishableKey,
    });
    const sandbox = await t.call(w.admin, {
      method: 'POST',
      url: '/api/stripe/sandbox/createPaymentMethod',
      payload: {
        orgId: w.orgId,
        cardNumber: '4242424242424242',
        expMonth: 1,
        expYear: 2030,
        cvc: '123',
      },
    });
    expect(sandbox.statusCode).toBe(409);
  });

  it('asks for 3-D Secure on a purchase, then settles it from the signed webhook', async () => {
    const w = await createOrgWorld(t);
    await setPlan(t, w.orgId, PLAN_IDS.pro);
    ok(
      await t.call(w.admin, {
        method: 'POST',
        url: '/api/stripe/savePaymentMethod',
        payload: { orgId: w.orgId, stripePaymentId: 'pm_card_authenticationRequired' },
      }),
    );
    const bought = await t.call(w.admin, {
      method: 'POST',
      url: '/api/account/purchaseLicense',
      payload: { orgId: w.orgId, purchaseCount: 1, planId: PLAN_IDS.pro },
    });
    expect(bought.json()).toMatchObject({ code: 'PAYMENT_ACTION_REQUIRED' });
    const pending = ok<{ paymentIntentId: string; clientSecret: string }>(
      await t.call(w.admin, {
        method: 'GET',
        url: `/api/stripe/getPendingPaymentAction/${w.orgId}`,
      }),
    );
    expect(pending.clientSecret).toBe(`${pending.paymentIntentId}_secret`);
    const payload = JSON.stringify({
      id: 'evt_2',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: {
        object: { id: pending.paymentIntentId, object: 'payment_intent', status: 'succeeded' },
      },
    });
    const webhook = (signature: string) =>
      t.call(undefined, {
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
    expect((await webhook('t=1,v1=forged')).statusCode).toBe(400);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: KEYS.webhookSecret,
    });
    expect((await webhook(signature)).statusCode).toBe(200);
    expect((await webhook(signature)).statusCode).toBe(200); // delivered twice: settled once
    const info = ok<{ totalLicenseCount: number }>(
      await t.call(w.admin, { method: 'GET', url: `/api/account/getLicenseInfo/${w.orgId}` }),
    );
    expect(info.totalLicenseCount).toBe(2);
    const history = ok<{ transactionId: string }[]>(
      await t.call(w.admin, { method: 'GET', url: `/api/account/getPaymentHistory/${w.orgId}` }),
    );
    expect(history.map((p) => p.transactionId)).toEqual([pending.paymentIntentId]);
  });
});
