import { formatUsd, getPlan, NOTIFICATION_TEMPLATES } from '@waymark/core';
import type { DbOrTx } from '../../db/client';
import type { BillingDeps } from './billing-deps';
import { notifyAdmins } from './billing-notices';
import { isRecurring, type ChargeRow } from './ledger';

/**
 * Tells the admins how a purchase or upgrade ended when it was recorded after its request, or a
 * repeat of it, stopped waiting (`REQUEST_WAIT_MS`, decision 0130): the request answered
 * PAYMENT_PROCESSING, or stopped, and it was settled later — by the billing job, or by the first
 * request itself once its gateway call came back. Without it a purchase the job declined a quarter
 * of an hour later added nothing, and nobody knew. Recurring charges have their own notices
 * (record-outcome.ts); a charge still pending tells nothing yet.
 */
export async function noticeLateOutcome(
  tx: DbOrTx,
  deps: Pick<BillingDeps, 'mailer' | 'publicUrl'>,
  row: ChargeRow,
): Promise<void> {
  if (isRecurring(row.purpose) || row.status === 'pending') return;
  const amount = formatUsd(row.chargedCents);
  const isUpgrade = row.purpose.startsWith('upgrade-');
  const notice =
    row.status === 'succeeded'
      ? {
          subject: 'Your Waymark payment went through',
          paragraphs: [
            `We charged ${amount} for ${row.description}.`,
            isUpgrade
              ? `Your organization is now on the ${getPlan(row.planId).planName} plan.`
              : `${row.licenseDelta} ${row.licenseDelta === 1 ? 'license was' : 'licenses were'} added to your organization.`,
          ],
        }
      : row.status === 'requires_action'
        ? {
            subject: 'Confirm your Waymark payment',
            paragraphs: [
              `Your bank asks you to confirm the payment of ${amount} for ${row.description}. Open your Account page to confirm it.`,
            ],
          }
        : {
            subject: 'Your Waymark payment did not go through',
            paragraphs: [
              `We could not charge ${amount} for ${row.description}: ${row.failureMessage ?? 'the card was declined.'}`,
              isUpgrade
                ? 'Your plan has not changed. You can choose it again on your Account page.'
                : 'No licenses were added. You can buy them again on your Account page.',
            ],
          };
  await notifyAdmins(tx, deps, {
    orgId: row.orgId,
    templateId: NOTIFICATION_TEMPLATES.info,
    ...notice,
  });
}
