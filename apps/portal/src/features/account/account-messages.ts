// spec §5, §8: the Account screen's texts, verbatim where the spec gives them.
import {
  LICENSES_REMOVED_MESSAGE,
  LICENSE_MANAGEMENT_HINT,
  UPGRADE_REQUIRED_MESSAGE,
  licensesPurchasedMessage,
} from '@waymark/core';

/** spec §2, §5, §8: shared with the server (core's spec-messages). */
export {
  LICENSE_MANAGEMENT_HINT,
  LICENSES_REMOVED_MESSAGE,
  licensesPurchasedMessage,
  UPGRADE_REQUIRED_MESSAGE,
};
/** spec §8 payment dialog: the card entry element is missing (Stripe.js did not load). */
export const CARD_ELEMENT_MISSING_MESSAGE =
  'The card entry element is not defined. Reload the page and try again.';
/** spec §8 payment dialog: a card validation error without a message of its own. */
export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred.';
/** spec §8 payment dialog: the payment method could not be created. */
export const CREATE_PAYMENT_METHOD_FAILED_MESSAGE =
  'An error occurred while creating the payment method.';
/** spec §8 payment dialog: the payment method could not be saved (attached) on the server. */
export const PROCESS_PAYMENT_METHOD_FAILED_MESSAGE =
  'An error occurred while processing your payment method.';
/** spec §5: the plan id of a licence removal is not a number (logged, the modal closes). */
export const PLAN_ID_UNDEFINED_LOG = 'Plan ID is undefined';
/** spec §8: opening the licence modal on Free (logged only). */
export const FREE_PLAN_LICENSE_MODAL_LOG = 'License management is not available on the Free plan.';

/** Issue 13, 3-D Secure: the Account screen's banner title while a charge waits for the bank. */
export const PAYMENT_ACTION_TITLE = "A payment needs your bank's confirmation";
/** Decision 0130: the Account screen's notice while a charge's outcome is not known yet. */
export const PROCESSING_PAYMENTS_TITLE = 'Payment being processed';
/** Decision 0130: under the processing charges; the billing job settles them every 15 minutes. */
export const PROCESSING_PAYMENTS_HINT =
  'This page updates when the payment completes, usually within 15 minutes. There is no need to pay again.';

/** Decision 0130: one processing charge, e.g. "$12.00 for 2 × Pro license, rest of March, since Mar 3, 2026". */
export function processingPaymentText(amount: string, description: string, since: string): string {
  return `${amount} for ${description}, since ${since}`;
}

/** Issue 13, 3-D Secure: the action that opens the bank's confirmation. */
export const COMPLETE_PAYMENT_LABEL = 'Complete payment';

/** Issue 13, 3-D Secure: what the waiting charge is, e.g. "$12 for 2 × Pro licence, rest of …". */
export function paymentActionText(amount: string, description: string): string {
  return `Your bank asks you to confirm the payment of ${amount} for ${description}. Nothing is charged and nothing changes until you complete it.`;
}
