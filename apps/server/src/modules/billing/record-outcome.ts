import { formatUsd, NOTIFICATION_TEMPLATES } from '@waymark/core';
import type { BillingDeps } from './billing-deps';
import { formatDay } from './billing-messages';
import { notifyAdmins } from './billing-notices';
import { applyEffects, returnCredit } from './charge-effects';
import type { ChargeOutcome } from './gateway/payment-gateway';
import { noticeLateOutcome } from './late-outcome-notice';
import { isRecurring, REQUEST_WAIT_MS, type ChargeRow } from './ledger';
import { moveToFree } from './move-to-free';
import { settleCharge } from './settle-charge';

/** Gateway attempts of a recurring charge: the first, then day 3 and day 7 (issue 13). */
export const MAX_ATTEMPTS = 3;
/** Days after the first attempt's UTC day that retries 2 and 3 run: the 3rd and the 7th. */
const RETRY_OFFSET_DAYS = [2, 6] as const;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Records a gateway outcome for a charge that is in `from` (pending after an attempt,
 * requires_action after a 3-D Secure confirmation), once ({@link settleCharge}): effects on
 * success, retries or Free after a failure, and the admins told.
 */
export function recordOutcome(
  deps: BillingDeps,
  row: ChargeRow,
  from: 'pending' | 'requires_action',
  outcome: ChargeOutcome,
): Promise<ChargeRow> {
  // A recurring charge still unconfirmed after its last attempt counts as failed.
  const isFinalFailure = isRecurring(row.purpose)
    ? outcome.status !== 'succeeded' && row.attempts >= MAX_ATTEMPTS && from === 'pending'
    : outcome.status === 'failed';
  // Still waiting for 3-D Secure after the last attempt: the gateway payment must be cancelled
  // before the charge is closed (cancel-waiting-charges.ts, run by the billing job).
  const isAbandoned = isFinalFailure && outcome.status === 'requires_action';
  const retryAt =
    outcome.status !== 'succeeded' && isRecurring(row.purpose) && row.attempts < MAX_ATTEMPTS
      ? retryDate(row)
      : null;
  return settleCharge(deps, row, {
    from,
    changes: (now) => ({
      status: isAbandoned ? 'canceling' : isFinalFailure ? 'failed' : outcome.status,
      gatewayPaymentId: outcome.paymentId || row.gatewayPaymentId,
      clientSecret: outcome.clientSecret,
      failureMessage: outcome.message,
      settledAt: outcome.status === 'succeeded' ? now : null,
      nextAttemptAt:
        from === 'requires_action' && outcome.status === 'failed' ? row.nextAttemptAt : retryAt,
    }),
    followUp: async (tx, updated) => {
      // Recorded after its request (or a repeat) stopped waiting: the admins may not know it.
      if (from === 'pending' && isLate(row, deps.clock.now()))
        await noticeLateOutcome(tx, deps, updated);
      if (updated.status === 'succeeded') await applyEffects(tx, updated);
      else if (isFinalFailure) {
        if (!isAbandoned) await returnCredit(tx, updated);
        if (isRecurring(row.purpose))
          await moveToFree(tx, deps, { orgId: row.orgId, reason: 'payment-failed' });
      }
      if (updated.status !== 'succeeded' && isRecurring(row.purpose) && updated.nextAttemptAt)
        await notifyAdmins(tx, deps, {
          orgId: row.orgId,
          templateId: NOTIFICATION_TEMPLATES.info,
          subject:
            updated.status === 'requires_action'
              ? 'Confirm your Waymark payment'
              : 'Your Waymark payment was declined',
          paragraphs: [
            updated.status === 'requires_action'
              ? `Your bank asks you to confirm the payment of ${formatUsd(updated.chargedCents)} for ${updated.description}. Open your Account page to confirm it.`
              : `We could not charge ${formatUsd(updated.chargedCents)} for ${updated.description}: ${outcome.message ?? 'the card was declined.'}`,
            `We will try again on ${formatDay(updated.nextAttemptAt)}. You can add another card on your Account page before then. After the last attempt fails, your organization moves to the Free plan.`,
          ],
        });
    },
  });
}

/** Whether an outcome recorded at `now` came after the request's wait (decision 0130). */
function isLate(row: ChargeRow, now: Date): boolean {
  return now.getTime() - row.createdAt.getTime() >= REQUEST_WAIT_MS;
}

/** The moment attempt `row.attempts + 1` is due: day 3, then day 7 of the first attempt's month. */
function retryDate(row: ChargeRow): Date {
  const day = Date.UTC(
    row.createdAt.getUTCFullYear(),
    row.createdAt.getUTCMonth(),
    row.createdAt.getUTCDate(),
  );
  const offset = RETRY_OFFSET_DAYS[Math.min(row.attempts, RETRY_OFFSET_DAYS.length) - 1] ?? 6;
  return new Date(day + offset * DAY_MS);
}
