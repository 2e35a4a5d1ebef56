import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

const stripeByKey = new Map<string, Promise<Stripe | null>>();

/**
 * One Stripe.js instance per key for the life of the page (Stripe asks for exactly that). Only
 * modules the portal imports lazily import this, so Stripe.js stays out of every eager chunk.
 */
export function getStripe(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}
