import { formatUsd, NOTIFICATION_TEMPLATES, PLAN_IDS } from '@waymark/core';
import type { BillingDeps } from './billing-deps';
import { notifyAdmins } from './billing-notices';
import { applyEffects, returnCredit } from './charge-effects';
import type { CancelOutcome } from './gateway/payment-gateway';
import { isRecurring, type ChargeRow } from './ledger';
import { settleCharge } from './settle-charge';

/** Why a charge waiting for 3-D Secure was cancelled (kept as its failure message). */
export const CANCELED_UNCONFIRMED = 'Canceled: the payment was not confirmed in time.';

/**
 * Records what a `canceling` charge turned out to be, once ({@link settleCharge}): `canceled` gives
 * back its credit and tells the admins about a purchase that lapsed; `succeeded` (the bank
 * confirmed it first) is a payment like any other, recorded once — an upgrade starts its plan and
 * bought licences are added while the organization is on a paid plan; after a move to Free the
 * payment covered a period that has ended, so nothing is added to Free.
 */
export function recordCancellation(
  deps: BillingDeps,
  row: ChargeRow,
  outcome: CancelOutcome,
): Promise<ChargeRow> {
  const isPaid = outcome.status === 'succeeded';
  return settleCharge(deps, row, {
    from: 'canceling',
    changes: (now) => ({
      status: outcome.status,
      gatewayPaymentId: outcome.paymentId || row.gatewayPaymentId,
      clientSecret: null,
      failureMessage: isPaid ? null : CANCELED_UNCONFIRMED,
      settledAt: isPaid ? now : null,
    }),
    followUp: async (tx, updated, orgPlanId) => {
      if (isPaid) {
        // An upgrade starts its plan; licences bought for a plan that has since ended are not added.
        if (updated.purpose.startsWith('upgrade-') || orgPlanId !== PLAN_IDS.free)
          await applyEffects(tx, updated);
        return;
      }
      await returnCredit(tx, updated);
      if (!isRecurring(updated.purpose))
        await notifyAdmins(tx, deps, {
          orgId: row.orgId,
          templateId: NOTIFICATION_TEMPLATES.info,
          subject: 'Your unconfirmed Waymark payment was canceled',
          paragraphs: [
            `The payment of ${formatUsd(updated.chargedCents)} for ${updated.description} was never confirmed with your bank, so it was canceled and nothing was charged.`,
            'You can make the change again on your Account page.',
          ],
        });
    },
  });
}
