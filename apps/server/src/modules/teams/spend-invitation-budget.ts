import { AppError, type Plan } from '@waymark/core';
import type { Clock } from '../../clock';
import type { MailConfig } from '../../config';
import type { DbOrTx } from '../../db/client';
import { spendMailBudget } from '../mail/index';
import { invitationBudgetSpent } from './team-messages';

/**
 * Counts one invitation e-mail (an invitation or a resend) against the organization's daily
 * budget (decision 0137): the trial's on the trial and on Free, the paid one on a paid plan.
 * Call it in the transaction that enqueues the mail, after every other refusal; past the budget it
 * throws RATE_LIMITED (429, Retry-After: the next UTC midnight), so that transaction writes nothing.
 */
export async function spendInvitationBudget(
  deps: { tx: DbOrTx; clock: Clock; invitationsPerDay: MailConfig['invitationsPerDay'] },
  input: { orgId: number; plan: Plan },
): Promise<void> {
  const isPaid = input.plan.monthlyCostPerLicenseCents > 0;
  const perDay = isPaid ? deps.invitationsPerDay.paid : deps.invitationsPerDay.trial;
  const verdict = await spendMailBudget(deps, { orgId: input.orgId, kind: 'invitation', perDay });
  if (verdict.isSpent)
    throw new AppError('RATE_LIMITED', invitationBudgetSpent(perDay, verdict.retryAfterSeconds), {
      retryAfterSeconds: verdict.retryAfterSeconds,
    });
}
