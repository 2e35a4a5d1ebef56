import { AppError } from '@waymark/core';

/** How a sandbox card behaves: Stripe's documented test numbers (docs/billing.md). */
export type SandboxBehaviour =
  'succeeds' | 'declined' | 'insufficient_funds' | 'charge_declined' | 'requires_authentication';

/** Stripe's words for insufficient funds. */
export const INSUFFICIENT_FUNDS = 'Your card has insufficient funds.';
/** When the card form has a number that is not one of the test cards. */
export const NOT_A_TEST_CARD =
  'This is a sandbox: use a test card such as 4242 4242 4242 4242 (no real card is charged).';
/** An expiry in the past. */
export const CARD_EXPIRED = 'Your card has expired.';
/** A CVC that is not 3 or 4 digits. */
export const CVC_INVALID = "Your card's security code is invalid.";

const TEST_CARDS: ReadonlyMap<string, { brand: string; behaviour: SandboxBehaviour }> = new Map([
  ['4242424242424242', { brand: 'visa', behaviour: 'succeeds' }],
  ['4000056655665556', { brand: 'visa', behaviour: 'succeeds' }],
  ['5555555555554444', { brand: 'mastercard', behaviour: 'succeeds' }],
  ['378282246310005', { brand: 'amex', behaviour: 'succeeds' }],
  ['4000000000000002', { brand: 'visa', behaviour: 'declined' }],
  ['4000000000009995', { brand: 'visa', behaviour: 'insufficient_funds' }],
  ['4000000000000341', { brand: 'visa', behaviour: 'charge_declined' }],
  ['4000002760003184', { brand: 'visa', behaviour: 'requires_authentication' }],
]);

/**
 * Reads the sandbox card form: only Stripe's test numbers are accepted, so a real card number
 * typed by mistake is refused and never stored. Answers what may be kept: brand, last four, expiry.
 */
export function readSandboxCard(
  input: { cardNumber: string; expMonth: number; expYear: number; cvc: string },
  now: Date,
): { brand: string; last4: string; expMonth: number; expYear: number } {
  const digits = input.cardNumber.replace(/[\s-]/g, '');
  const card = TEST_CARDS.get(digits);
  if (!card) throw new AppError('BAD_REQUEST', NOT_A_TEST_CARD);
  const monthIndex = input.expYear * 12 + input.expMonth - 1;
  if (monthIndex < now.getUTCFullYear() * 12 + now.getUTCMonth())
    throw new AppError('BAD_REQUEST', CARD_EXPIRED);
  if (!/^\d{3,4}$/.test(input.cvc)) throw new AppError('BAD_REQUEST', CVC_INVALID);
  return {
    brand: card.brand,
    last4: digits.slice(-4),
    expMonth: input.expMonth,
    expYear: input.expYear,
  };
}

/** The behaviour of a stored sandbox card, from its brand and last four (unique among test cards). */
export function sandboxBehaviour(card: { brand: string; last4: string }): SandboxBehaviour {
  for (const [number, test] of TEST_CARDS)
    if (test.brand === card.brand && number.endsWith(card.last4)) return test.behaviour;
  return 'declined';
}
