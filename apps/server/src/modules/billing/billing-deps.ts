import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { Mailer } from '../mail/index';
import type { PaymentGateway } from './gateway/payment-gateway';

/** What every billing service needs; `clock` is the billing clock (injected, movable in tests). */
export type BillingDeps = {
  db: Db;
  clock: Clock;
  gateway: PaymentGateway;
  mailer: Mailer;
  /** The portal's address for links in billing mail. */
  publicUrl: string;
};
