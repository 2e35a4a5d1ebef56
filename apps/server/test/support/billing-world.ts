import { PLAN_IDS } from '@waymark/core';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { organizations } from '../../src/db/schema';
import type { AuthTestContext } from './auth-test-app';
import { ok, type As } from './projects-world';

/** Stripe's documented test numbers, as the sandbox accepts them (docs/billing.md). */
export const TEST_CARDS = {
  visa: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
  /** Saves fine; every charge is declined. */
  chargeDeclined: '4000 0000 0000 0341',
  /** Every charge needs 3-D Secure. */
  authentication: '4000 0027 6000 3184',
} as const;

/** Creates a sandbox payment method from a test card number; answers its id. */
export async function createSandboxCard(
  t: AuthTestContext,
  as: As,
  orgId: number,
  cardNumber: string = TEST_CARDS.visa,
): Promise<string> {
  const response = await t.call(as, {
    method: 'POST',
    url: '/api/stripe/sandbox/createPaymentMethod',
    payload: { orgId, cardNumber, expMonth: 12, expYear: 2099, cvc: '123' },
  });
  return ok<{ stripePaymentId: string }>(response).stripePaymentId;
}

/** Adds a sandbox card as the organization's payment method; answers its id. */
export async function addCard(
  t: AuthTestContext,
  as: As,
  orgId: number,
  cardNumber: string = TEST_CARDS.visa,
): Promise<string> {
  const stripePaymentId = await createSandboxCard(t, as, orgId, cardNumber);
  const saved = await t.call(as, {
    method: 'POST',
    url: '/api/stripe/savePaymentMethod',
    payload: { orgId, stripePaymentId },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return stripePaymentId;
}

/** Puts the organization on `planId` directly (test setup, as if its trial had converted). */
export async function setPlan(t: AuthTestContext, orgId: number, planId: number): Promise<void> {
  await t.db.update(organizations).set({ planId }).where(eq(organizations.id, orgId));
}

/** A Pro organization with a card and one paid purchase: ids the billing matrix rows use. */
export async function createBillingIds(
  t: AuthTestContext,
  as: As,
  orgId: number,
): Promise<{ paymentMethodId: string; paymentIntentId: string }> {
  // Onto Pro the way an admin gets there (Free → Pro, charged): the period then has its charge,
  // so the background billing job finds nothing to do while the matrix probes run.
  await setPlan(t, orgId, PLAN_IDS.free);
  const paymentMethodId = await addCard(t, as, orgId);
  ok(await t.call(as, { method: 'GET', url: `/api/account/selectPlan/${orgId}/${PLAN_IDS.pro}` }));
  ok(
    await t.call(as, {
      method: 'POST',
      url: '/api/account/purchaseLicense',
      payload: { orgId, purchaseCount: 5, planId: PLAN_IDS.pro },
    }),
  );
  const [payment] = ok<{ transactionId: string }[]>(
    await t.call(as, { method: 'GET', url: `/api/account/getPaymentHistory/${orgId}` }),
  );
  return { paymentMethodId, paymentIntentId: payment?.transactionId ?? '' };
}
