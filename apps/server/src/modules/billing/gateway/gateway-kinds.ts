import type { PaymentGateway } from './payment-gateway';
import type { SandboxGateway } from './sandbox-gateway';
import type { StripeGateway } from './stripe-gateway';

/** Whether the app's gateway is the sandbox, which alone makes payment methods from card numbers. */
export function isSandboxGateway(gateway: PaymentGateway): gateway is SandboxGateway {
  return gateway.kind === 'sandbox' && 'createPaymentMethod' in gateway;
}

/** Whether the app's gateway is Stripe, which alone sends webhooks. */
export function isStripeGateway(gateway: PaymentGateway): gateway is StripeGateway {
  return gateway.kind === 'stripe' && 'readWebhook' in gateway;
}
