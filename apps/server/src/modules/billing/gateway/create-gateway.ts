import type { Clock } from '../../../clock';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import type { PaymentGateway } from './payment-gateway';
import { createSandboxGateway } from './sandbox-gateway';
import { createStripeGateway } from './stripe-gateway';

/** The gateway the configuration selects: Stripe with its three keys, else the sandbox. */
export function createPaymentGateway(input: {
  config: Config;
  db: Db;
  clock: Clock;
}): PaymentGateway {
  const { stripe } = input.config.billing;
  if (!stripe) return createSandboxGateway(input);
  if (!stripe.apiUrl) return createStripeGateway(stripe);
  const url = new URL(stripe.apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  const port = Number(url.port) || (protocol === 'http' ? 80 : 443);
  return createStripeGateway(stripe, { host: url.hostname, port, protocol });
}
