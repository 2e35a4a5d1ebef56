import { lt } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { mailBudgetCounters } from '../../db/schema';
import { countInWindow, fixedWindow } from '../../db/window-counter';

const DAY_SECONDS = 86_400;

/** One organization's daily budget of one kind of mail (decision 0137). */
export type MailBudget = {
  orgId: number;
  /** What is counted: invitation e-mails (invitations and resends), or immediate notification mails. */
  kind: 'invitation' | 'notification';
  /** How many a UTC day allows. */
  perDay: number;
};

/** Whether the mail fits the budget, and when it is renewed (next UTC midnight) when it does not. */
export type MailBudgetVerdict = { isSpent: false } | { isSpent: true; retryAfterSeconds: number };

/**
 * Counts one mail against the organization's budget for today (UTC). Call it in the transaction
 * that enqueues the mail, after every other check: the count is taken back with everything else
 * when that transaction rolls back (a refusal, a conflict, a crash), so the budget counts accepted
 * requests, once each — never a delivery attempt. When this call is the one past the budget, the
 * caller must refuse (throw) so its count rolls back too.
 */
export async function spendMailBudget(
  deps: { tx: DbOrTx; clock: Clock },
  budget: MailBudget,
): Promise<MailBudgetVerdict> {
  const window = fixedWindow(deps.clock.now().getTime(), DAY_SECONDS);
  const key = `${budget.kind}:org:${budget.orgId}`;
  const count = await countInWindow(deps.tx, mailBudgetCounters, key, window.start);
  return count > budget.perDay
    ? { isSpent: true, retryAfterSeconds: window.resetSeconds }
    : { isSpent: false };
}

/** Deletes the counters of days that ended more than a day ago (the mail module's daily job). */
export async function purgeMailBudgets({ db, clock }: { db: DbOrTx; clock: Clock }): Promise<void> {
  const cutoff = new Date(clock.now().getTime() - 2 * DAY_SECONDS * 1000);
  await db.delete(mailBudgetCounters).where(lt(mailBudgetCounters.windowStart, cutoff));
}
