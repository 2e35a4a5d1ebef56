import { NOTIFICATION_TEMPLATES, PLAN_IDS } from '@waymark/core';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { billingAccounts, billingCharges, orgOwners } from '../../db/schema';
import { setOrgPlan } from '../organizations/index';
import { reduceTeamToOwner } from '../teams/index';
import type { BillingDeps } from './billing-deps';
import { notifyAdmins } from './billing-notices';

/** Why an organization moves to Free: the words its admins read. */
export type FreeReason = 'trial-ended' | 'payment-failed' | 'canceled' | 'reopened';

const REASON_TEXT: Record<FreeReason, string> = {
  'trial-ended':
    'Your Standard Trial has ended and no paid plan could start, so your organization is now on the Free plan.',
  'payment-failed':
    'We could not collect your monthly payment after three attempts, so your organization is now on the Free plan.',
  canceled: 'Your plan was canceled and has ended, so your organization is now on the Free plan.',
  reopened:
    'Your organization was reopened. Its plan ended when it was closed, so it is now on the Free plan.',
};

/**
 * Moves the organization to Free (issue 13, spec §6 "converting to Free ends all users except the
 * current account"), inside the caller's transaction with the org row locked: every membership but
 * the Owner's ends (with its pending invitation and project access), licences shrink to the Owner's
 * one, scheduled changes and retries stop and reserved credit returns, charges waiting for 3-D
 * Secure are given up (the billing job cancels them at the gateway). Nothing else is deleted: data
 * beyond Free's limits stays readable and the entitlement checks keep it from growing.
 */
export async function moveToFree(
  tx: DbOrTx,
  deps: Pick<BillingDeps, 'mailer' | 'publicUrl'>,
  input: { orgId: number; reason: FreeReason },
): Promise<void> {
  const { orgId } = input;
  const [owner] = await tx
    .select({ userId: orgOwners.userId })
    .from(orgOwners)
    .where(eq(orgOwners.orgId, orgId));
  const ownerId = owner?.userId ?? 0;
  await setOrgPlan(tx, { orgId, planId: PLAN_IDS.free });
  await reduceTeamToOwner(tx, { orgId, ownerId });
  await stopRetries(tx, orgId);
  await tx
    .update(billingAccounts)
    .set({ scheduledPlanId: null, scheduledEffectiveAt: null })
    .where(eq(billingAccounts.orgId, orgId));
  await notifyAdmins(tx, deps, {
    orgId,
    templateId: NOTIFICATION_TEMPLATES.planChanged,
    subject: 'Your Waymark organization is now on the Free plan',
    paragraphs: [
      REASON_TEXT[input.reason],
      'Everyone but the owner has lost access; nothing was deleted. Choose a paid plan on your Account page to invite your team again.',
    ],
  });
}

/**
 * Ends the retries of failed charges and gives back the credit they had reserved. Charges waiting
 * for 3-D Secure become `canceling`: the banner goes at once, and the billing job cancels them at
 * the gateway (cancel-waiting-charges.ts); their credit returns once nothing was taken.
 */
export async function stopRetries(tx: DbOrTx, orgId: number): Promise<void> {
  await tx
    .update(billingCharges)
    .set({ status: 'canceling', nextAttemptAt: null })
    .where(and(eq(billingCharges.orgId, orgId), eq(billingCharges.status, 'requires_action')));
  const open = await tx
    .update(billingCharges)
    .set({ nextAttemptAt: null })
    .where(
      and(
        eq(billingCharges.orgId, orgId),
        eq(billingCharges.status, 'failed'),
        isNotNull(billingCharges.nextAttemptAt),
      ),
    )
    .returning({ credit: billingCharges.creditAppliedCents });
  const credit = open.reduce((sum, row) => sum + row.credit, 0);
  if (credit > 0)
    await tx
      .update(billingAccounts)
      .set({ creditCents: sql`${billingAccounts.creditCents} + ${credit}` })
      .where(eq(billingAccounts.orgId, orgId));
}
