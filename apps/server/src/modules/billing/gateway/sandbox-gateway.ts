import { randomUUID } from 'node:crypto';
import { AppError, CARD_DECLINED_MESSAGE, MINIMUM_CHARGE_CENTS } from '@waymark/core';
import { and, eq } from 'drizzle-orm';
import type { Clock } from '../../../clock';
import type { Db } from '../../../db/client';
import { sandboxPaymentMethods, sandboxPayments } from '../../../db/schema';
import type { ChargeOutcome, PaymentGateway } from './payment-gateway';
import {
  INSUFFICIENT_FUNDS,
  readSandboxCard,
  sandboxBehaviour,
  type SandboxBehaviour,
} from './sandbox-cards';

/** A payment method id the sandbox made. */
const SANDBOX_PM_PREFIX = 'pm_sandbox_';
/** The bank's 3-D Secure refusal in the sandbox's own confirm step. */
export const AUTHENTICATION_FAILED =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

/** The sandbox gateway plus its card form (only it creates payment methods from card numbers). */
export type SandboxGateway = Omit<PaymentGateway, 'kind'> & {
  kind: 'sandbox';
  /** The card form: stores brand, last four and expiry of a test card; answers its pm id. */
  createPaymentMethod(input: {
    cardNumber: string;
    expMonth: number;
    expYear: number;
    cvc: string;
  }): Promise<string>;
};

/**
 * The default gateway (issue 13): Stripe's flows in-process, on Stripe's test card numbers, with
 * its own records in the database so outcomes survive restarts and repeat per idempotency key.
 */
export function createSandboxGateway({ db, clock }: { db: Db; clock: Clock }): SandboxGateway {
  async function findMethod(paymentMethodId: string) {
    const [method] = await db
      .select()
      .from(sandboxPaymentMethods)
      .where(eq(sandboxPaymentMethods.id, paymentMethodId));
    return method;
  }

  return {
    kind: 'sandbox',
    publishableKey: null,
    async createPaymentMethod(input) {
      const card = readSandboxCard(input, clock.now());
      const id = `${SANDBOX_PM_PREFIX}${randomUUID().replaceAll('-', '')}`;
      await db.insert(sandboxPaymentMethods).values({ id, ...card });
      return id;
    },
    createCustomer({ orgId }) {
      return Promise.resolve(`cus_sandbox_${orgId}`);
    },
    async attachPaymentMethod({ customerId, paymentMethodId }) {
      const method = await findMethod(paymentMethodId);
      // Another organization's card is as unknown as a made-up id.
      if (!method || (method.customerId !== null && method.customerId !== customerId))
        throw new AppError('BAD_REQUEST', 'No such payment method.');
      const behaviour = sandboxBehaviour(method);
      if (behaviour === 'declined') throw new AppError('PAYMENT_FAILED', CARD_DECLINED_MESSAGE);
      if (behaviour === 'insufficient_funds')
        throw new AppError('PAYMENT_FAILED', INSUFFICIENT_FUNDS);
      await db
        .update(sandboxPaymentMethods)
        .set({ customerId })
        .where(eq(sandboxPaymentMethods.id, paymentMethodId));
      const { brand, last4, expMonth, expYear } = method;
      return { status: 'succeeded', clientSecret: null, card: { brand, last4, expMonth, expYear } };
    },
    async deleteCustomer(customerId) {
      // The sandbox's customer is only a name; its cards stop being chargeable.
      await db
        .update(sandboxPaymentMethods)
        .set({ customerId: null })
        .where(eq(sandboxPaymentMethods.customerId, customerId));
    },
    async detachPaymentMethod(paymentMethodId) {
      await db
        .update(sandboxPaymentMethods)
        .set({ customerId: null })
        .where(eq(sandboxPaymentMethods.id, paymentMethodId));
    },
    async findCharge({ idempotencyKey }) {
      const [row] = await db
        .select()
        .from(sandboxPayments)
        .where(eq(sandboxPayments.idempotencyKey, idempotencyKey));
      return row ? toOutcome(row) : null;
    },
    async charge(input) {
      const method = await findMethod(input.paymentMethodId);
      // As Stripe: a payment under its minimum is refused, whatever the card (decision 0132).
      const outcome =
        input.amountCents < MINIMUM_CHARGE_CENTS
          ? { status: 'failed' as const, message: AMOUNT_TOO_SMALL }
          : firstOutcome(method ? sandboxBehaviour(method) : 'declined');
      await db
        .insert(sandboxPayments)
        .values({
          idempotencyKey: input.idempotencyKey,
          id: `pi_sandbox_${randomUUID().replaceAll('-', '')}`,
          amountCents: input.amountCents,
          paymentMethodId: input.paymentMethodId,
          status: outcome.status,
          message: outcome.message,
        })
        .onConflictDoNothing();
      const [row] = await db
        .select()
        .from(sandboxPayments)
        .where(eq(sandboxPayments.idempotencyKey, input.idempotencyKey));
      if (!row) throw new Error('Sandbox payment vanished');
      return toOutcome(row);
    },
    async retrievePayment(paymentId, approve) {
      const [row] = await db
        .select()
        .from(sandboxPayments)
        .where(eq(sandboxPayments.id, paymentId));
      if (!row) throw new AppError('NOT_FOUND', 'No such payment.');
      if (row.status !== 'requires_action' || approve === undefined) return toOutcome(row);
      // Like Stripe's test page: a failed authentication refuses this confirmation only; the
      // payment still waits, and the admin may try again (docs/billing.md "3-D Secure").
      if (!approve) return { ...toOutcome(row), message: AUTHENTICATION_FAILED };
      const [settled] = await db
        .update(sandboxPayments)
        .set({ status: 'succeeded', message: null })
        .where(eq(sandboxPayments.id, paymentId))
        .returning();
      return toOutcome(settled ?? row);
    },
    async cancelPayment({ paymentId }) {
      // Like Stripe: only a payment still waiting can be cancelled; a paid one stays paid.
      await db
        .update(sandboxPayments)
        .set({ status: 'canceled', message: null })
        .where(
          and(eq(sandboxPayments.id, paymentId), eq(sandboxPayments.status, 'requires_action')),
        );
      const [row] = await db
        .select({ status: sandboxPayments.status })
        .from(sandboxPayments)
        .where(eq(sandboxPayments.id, paymentId));
      if (!row) throw new AppError('NOT_FOUND', 'No such payment.');
      return { status: row.status === 'succeeded' ? 'succeeded' : 'canceled', paymentId };
    },
  };
}

/** Stripe's words for a payment under its minimum (`amount_too_small`). */
const AMOUNT_TOO_SMALL = 'Amount must be at least $0.50 usd';

function firstOutcome(behaviour: SandboxBehaviour): Pick<ChargeOutcome, 'status' | 'message'> {
  switch (behaviour) {
    case 'succeeds':
      return { status: 'succeeded', message: null };
    case 'requires_authentication':
      return { status: 'requires_action', message: null };
    case 'insufficient_funds':
      return { status: 'failed', message: INSUFFICIENT_FUNDS };
    default:
      return { status: 'failed', message: CARD_DECLINED_MESSAGE };
  }
}

function toOutcome(row: { id: string; status: string; message: string | null }): ChargeOutcome {
  const status =
    row.status === 'succeeded' || row.status === 'requires_action' ? row.status : 'failed';
  return { status, paymentId: row.id, clientSecret: null, message: row.message };
}
