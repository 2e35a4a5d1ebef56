import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { Mailer } from '../mail/index';
import type { SecretBox } from './secret-box';

/** What the integrations services need, built once when the module registers. */
export type IntegrationsDeps = {
  db: Db;
  clock: Clock;
  /** Seals and opens endpoint secrets (INTEGRATIONS_KEY). */
  box: SecretBox;
  mailer: Mailer;
  /** The server's public URL, for links in mail. */
  publicUrl: string;
  /** `WEBHOOK_ALLOW_PRIVATE`. */
  allowPrivateAddresses: boolean;
  /** `WEBHOOK_TURNS_PER_ORG`: deliveries per organization per delivery round (decision 0136). */
  turnsPerOrg: number;
  /** Host name resolution; tests replace it (a public name answering loopback). */
  resolve?: (host: string) => Promise<string[]>;
};
