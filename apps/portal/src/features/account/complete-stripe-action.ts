// Loaded with a dynamic import only when a Stripe charge waits for 3-D Secure (spec §7: the card
// payment provider is loaded lazily).
import { CARD_ELEMENT_MISSING_MESSAGE } from './account-messages';
import { getStripe } from './stripe-loader';

/**
 * Shows the bank's 3-D Secure challenge of a PaymentIntent (Stripe's own modal). Resolves when the
 * admin completed it; rejects with the bank's words when it failed or Stripe.js did not load.
 */
export async function completeStripeAction(
  publishableKey: string,
  clientSecret: string,
): Promise<void> {
  const stripe = await getStripe(publishableKey);
  if (!stripe) throw new Error(CARD_ELEMENT_MISSING_MESSAGE);
  const { error } = await stripe.handleNextAction({ clientSecret });
  if (error) throw new Error(error.message ?? 'Your bank did not confirm the payment.');
}
