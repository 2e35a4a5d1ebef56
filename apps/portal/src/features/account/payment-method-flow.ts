import { getErrorMessage } from '../../lib/error-message';
import {
  CARD_ELEMENT_MISSING_MESSAGE,
  CREATE_PAYMENT_METHOD_FAILED_MESSAGE,
  PROCESS_PAYMENT_METHOD_FAILED_MESSAGE,
  UNEXPECTED_ERROR_MESSAGE,
} from './account-messages';

/** An error a card form reports: Stripe.js's shape, which the Sandbox form copies. */
export type CardFormError = { message?: string | undefined };

/**
 * The three steps of adding a card, the same for Stripe's Payment Element and the Sandbox form
 * (spec §7: the payment method is created by the browser, "manual creation mode", then saved).
 */
export type PaymentMethodSteps = {
  /** False while the card entry element is not there (Stripe.js not loaded). */
  isReady: boolean;
  /** Validates what was typed; resolves to the first error, or null when all is well. */
  validate: () => Promise<CardFormError | null>;
  /** Creates the payment method; resolves to its id or to an error. */
  create: () => Promise<{ id: string } | { error: CardFormError }>;
  /** spec §7 savePaymentMethod; rejects with the server's error. */
  save: (stripePaymentId: string) => Promise<unknown>;
};

/** How adding a card ended: saved, or the spec §8 message and the reason behind it. */
export type PaymentMethodOutcome =
  { ok: true; stripePaymentId: string } | { ok: false; message: string; detail?: string };

function failed(message: string, detail: string | undefined): PaymentMethodOutcome {
  return detail && detail !== message ? { ok: false, message, detail } : { ok: false, message };
}

/**
 * spec §8 payment dialog: runs the steps in order and stops at the first failure with its
 * message — the element is missing; a validation error (its message, else "An unexpected error
 * occurred."); creating failed; saving failed. The last two keep the gateway's reason (e.g.
 * "Your card was declined.") as `detail`, shown under the spec's words.
 */
export async function addPaymentMethod(steps: PaymentMethodSteps): Promise<PaymentMethodOutcome> {
  if (!steps.isReady) return { ok: false, message: CARD_ELEMENT_MISSING_MESSAGE };
  const invalid = await steps.validate();
  if (invalid) return { ok: false, message: invalid.message?.trim() || UNEXPECTED_ERROR_MESSAGE };
  let created: Awaited<ReturnType<PaymentMethodSteps['create']>>;
  try {
    created = await steps.create();
  } catch (error) {
    return failed(CREATE_PAYMENT_METHOD_FAILED_MESSAGE, getErrorMessage(error));
  }
  if ('error' in created)
    return failed(CREATE_PAYMENT_METHOD_FAILED_MESSAGE, created.error.message);
  try {
    await steps.save(created.id);
  } catch (error) {
    return failed(PROCESS_PAYMENT_METHOD_FAILED_MESSAGE, getErrorMessage(error));
  }
  return { ok: true, stripePaymentId: created.id };
}
