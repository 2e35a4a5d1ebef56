import type { Clock } from '../../../clock';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { createSandboxGateway, type SandboxGateway } from './sandbox-gateway';
import { createStripeGateway, type StripeGateway } from './stripe-gateway';

/** The gateway the configuration selects: Stripe with its three keys, else the sandbox. */
export function createPaymentGateway(input: {
  config: Config;
  db: Db;
  clock: Clock;
}): SandboxGateway | StripeGateway {
  const { stripe } = input.config.billing;
  return stripe ? createStripeGateway(stripe) : createSandboxGateway(input);
}
