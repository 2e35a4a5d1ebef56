// What billing answers and refuses with, in one place (spec §8 texts verbatim where it has them).
import { formatUsd } from '@waymark/core';

/** issue 13: during the trial licences can only be added. */
export const TRIAL_ONLY_ADDS = 'During the trial licenses can only be added.';
/** Removing licences that users hold. */
export const LICENSES_IN_USE =
  'You cannot remove licenses that are assigned to users. Remove users first, then their licenses.';
/** A plan id that is no plan, or the trial (which cannot be chosen). */
export const UNKNOWN_PLAN = 'Choose Free, Basic, Standard or Pro.';
/** A licence change priced at a plan the organization is not on (nor moving to). */
export const PLAN_MISMATCH = 'Your plan has changed. Reload the page and try again.';
/** A paid plan without a card. */
export const PAYMENT_METHOD_REQUIRED = 'Add a payment method before choosing a paid plan.';
/** Cancelling Free. */
export const NOTHING_TO_CANCEL =
  'Your organization is on the Free plan: there is nothing to cancel.';
/** A stripePaymentId that is not the organization's card (the access rule answers it too). */
export { PAYMENT_METHOD_NOT_FOUND } from '../access/index';
/**
 * The charge's outcome is not known yet (the gateway did not answer, or its answer could not be
 * recorded): it stays pending and the billing job completes it with the same key (decision 0128).
 * A second request would be a second payment, so the words say not to pay again.
 */
export const PAYMENT_PROCESSING_MESSAGE =
  'Your payment is being processed. Reload the page in a few minutes to see it; there is no need to pay again.';
/** A charge waiting for 3-D Secure. */
export const PAYMENT_NEEDS_CONFIRMATION =
  'Your bank asks you to confirm this payment. Complete the confirmation to finish.';
/** A purchase whose 3-D Secure was never confirmed and was given up (nothing taken). */
export const PAYMENT_LAPSED =
  "This payment waited for your bank's confirmation and was cancelled; nothing was charged. Start a new purchase to buy the licenses.";
/** Decision 0131: an idempotency key sent again with another purchase (409). */
export const REQUEST_KEY_REUSED =
  'This idempotency key was already sent with a different number of licenses or another plan. Reload the page to see your licenses, then start a new purchase.';
/** The sandbox card form with Stripe on. */
export const SANDBOX_ONLY = 'The sandbox card form is off: this server uses Stripe.';

/** Formats a UTC day for people: "November 30, 2026". */
export function formatDay(at: Date): string {
  return at.toLocaleDateString('en-US', { timeZone: 'UTC', dateStyle: 'long' });
}

/** issue 24: a plan choice while an upgrade is still with the gateway. */
export function planChangeInProgress(planName: string): string {
  return `Your change to the ${planName} plan is still being processed. Reload the page in a moment to see it.`;
}
/** issue 24: a plan choice while an upgrade waits for 3-D Secure. */
export function planChangeNeedsConfirmation(planName: string): string {
  return `Your change to the ${planName} plan is waiting for your bank's confirmation. Confirm or decline that payment before choosing another plan.`;
}
/** issue 24: a card save or removal while another one for the organization is under way. */
export const PAYMENT_METHOD_BUSY =
  'Another change to the payment method is in progress. Try again in a moment.';

/**
 * selectPlan's answer when leaving Free: what the card was charged now, with the credit used
 * (spec §9), or that nothing was charged under Stripe's $0.50 minimum (decision 0132).
 */
export function upgradedMessage(
  planName: string,
  charge: { chargedCents: number; creditAppliedCents: number },
  month: string,
): string {
  const plan = `Your organization is now on the ${planName} plan.`;
  if (charge.chargedCents === 0 && charge.creditAppliedCents === 0)
    return `${plan} Nothing is charged for the rest of ${month}: the amount is under $0.50.`;
  const credit =
    charge.creditAppliedCents > 0
      ? ` (after ${formatUsd(charge.creditAppliedCents)} of credit)`
      : '';
  return `${plan} Charged ${formatUsd(charge.chargedCents)}${credit} for the rest of ${month}.`;
}
