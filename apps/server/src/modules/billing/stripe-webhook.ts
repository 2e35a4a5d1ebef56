import { AppError } from '@waymark/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { billingCharges } from '../../db/schema';
import type { BillingDeps } from './billing-deps';
import type { StripeGateway } from './gateway/stripe-gateway';
import { recordCancellation } from './record-cancellation';
import { recordOutcome } from './record-outcome';

/** Where Stripe sends its signed events (configure it in the Stripe dashboard). */
export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';

/**
 * Stripe's webhook (issue 13): verifies the signature over the raw body and records a
 * PaymentIntent's late outcome (3-D Secure completed or failed) once, like confirmPaymentAction.
 * Only registered when Stripe is configured; public, because Stripe signs instead of signing in.
 */
export function registerStripeWebhook(
  app: FastifyInstance,
  deps: BillingDeps,
  gateway: StripeGateway,
): void {
  void app.register((scope, _options, done) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, next) =>
      next(null, body),
    );
    scope.post(STRIPE_WEBHOOK_PATH, { config: { access: 'public' } }, async (request, reply) => {
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body))
        throw new AppError('BAD_REQUEST', 'Invalid Stripe signature.');
      const event = gateway.readWebhook(request.body, signature);
      if (event) await settleFromWebhook(deps, event.paymentId, event.outcome);
      return reply.send({ received: true });
    });
    done();
  });
}

async function settleFromWebhook(
  deps: BillingDeps,
  paymentId: string,
  outcome: Parameters<typeof recordOutcome>[3],
): Promise<void> {
  const [row] = await deps.db
    .select()
    .from(billingCharges)
    .where(eq(billingCharges.gatewayPaymentId, paymentId));
  if (!row || outcome.status === 'requires_action') return;
  if (row.status === 'requires_action' || row.status === 'pending')
    await recordOutcome(deps, row, row.status, outcome);
  // Confirmed while we were cancelling it: paid, recorded once (the billing job's cancel call
  // would find the same).
  else if (row.status === 'canceling' && outcome.status === 'succeeded')
    await recordCancellation(deps, row, { status: 'succeeded', paymentId });
}
