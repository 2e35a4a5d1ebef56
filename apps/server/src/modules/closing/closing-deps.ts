import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { FileStore } from '../../files/file-store';
import type { EndBillingAtClosing } from '../billing/index';
import type { Mailer } from '../mail/index';

/** What closing, reopening and deleting an organization need. */
export type ClosingDeps = {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  files: FileStore;
  publicUrl: string;
  /** `ORG_CLOSE_GRACE_DAYS`: how long the owner may reopen. */
  graceDays: number;
  /** Ends the plan in the closing's transaction (billing module). */
  endBilling: EndBillingAtClosing;
};
