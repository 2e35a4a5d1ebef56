import { describe, expect, it } from 'vitest';
import { checkSandboxCard, EMPTY_SANDBOX_CARD, passesLuhn } from './sandbox-card-input';

const NOW = new Date('2026-11-23T10:00:00Z');
const filled = {
  ...EMPTY_SANDBOX_CARD,
  name: 'Ada Admin',
  cardNumber: '4242 4242 4242 4242',
  expiry: '12 / 30',
  cvc: '123',
  postalCode: '43004',
};

describe('checkSandboxCard', () => {
  it("accepts Stripe's test numbers and sends digits, month and four-digit year", () => {
    for (const number of ['4242 4242 4242 4242', '4000 0000 0000 0002', '4000000000009995'])
      expect(checkSandboxCard({ ...filled, cardNumber: number }, NOW).ok).toBe(true);
    expect(checkSandboxCard(filled, NOW)).toEqual({
      ok: true,
      card: {
        cardNumber: '4242424242424242',
        expMonth: 12,
        expYear: 2030,
        cvc: '123',
        billingName: 'Ada Admin',
        billingPostalCode: '43004',
        billingCountry: 'US',
      },
    });
  });

  it('names each problem in the field it is about', () => {
    const check = checkSandboxCard(
      { ...EMPTY_SANDBOX_CARD, cardNumber: '4242 4242 4242 4241', expiry: '13/30', cvc: '12' },
      NOW,
    );
    expect(check).toEqual({
      ok: false,
      errors: {
        name: 'Enter the name on the card.',
        cardNumber: 'Your card number is invalid.',
        expiry: "Your card's expiration month is invalid.",
        cvc: "Your card's security code is incomplete.",
        postalCode: 'Your postal code is incomplete.',
      },
    });
    expect(checkSandboxCard({ ...filled, cardNumber: '4242' }, NOW)).toMatchObject({
      errors: { cardNumber: 'Your card number is incomplete.' },
    });
  });

  it('takes a card through the last day of its expiry month', () => {
    expect(checkSandboxCard({ ...filled, expiry: '11/26' }, NOW).ok).toBe(true);
    expect(checkSandboxCard({ ...filled, expiry: '10/2026' }, NOW)).toMatchObject({
      errors: { expiry: "Your card's expiration date is in the past." },
    });
    expect(checkSandboxCard({ ...filled, expiry: '1' }, NOW)).toMatchObject({
      errors: { expiry: "Your card's expiration date is incomplete." },
    });
  });

  it('runs the Luhn checksum', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });
});
