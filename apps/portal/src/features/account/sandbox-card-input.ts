import type { TSandboxCard } from '@waymark/core';

/** What the Sandbox card form holds, as typed. */
export type SandboxCardFields = {
  name: string;
  cardNumber: string;
  /** "MM / YY" as typed; "12/30" and "1230" are read too. */
  expiry: string;
  cvc: string;
  country: string;
  postalCode: string;
};

/** A field of the form. */
export type SandboxCardField = keyof SandboxCardFields;

/** The form's fields empty, billing country US. */
export const EMPTY_SANDBOX_CARD: SandboxCardFields = {
  name: '',
  cardNumber: '',
  expiry: '',
  cvc: '',
  country: 'US',
  postalCode: '',
};

/** What the card checks say, in Stripe's words so both gateways read alike. */
const MESSAGES = {
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryInvalid: "Your card's expiration month is invalid.",
  expiryPast: "Your card's expiration date is in the past.",
  cvcIncomplete: "Your card's security code is incomplete.",
  nameMissing: 'Enter the name on the card.',
  countryInvalid: 'Enter the two-letter country code, e.g. US.',
  postalMissing: 'Your postal code is incomplete.',
} as const;

/** Luhn's checksum, which every card number passes (Stripe's test numbers included). */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

function checkNumber(typed: string): string | null {
  const digits = typed.replace(/[\s-]/g, '');
  if (!/^\d*$/.test(digits)) return MESSAGES.numberInvalid;
  if (digits.length < 13) return MESSAGES.numberIncomplete;
  return digits.length <= 19 && passesLuhn(digits) ? null : MESSAGES.numberInvalid;
}

function readExpiry(typed: string, now: Date): { month: number; year: number } | string {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(typed);
  if (!match) return MESSAGES.expiryIncomplete;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return MESSAGES.expiryInvalid;
  // A card is valid through the last day of its expiry month (UTC, like the billing days).
  const isPast =
    year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
  return isPast ? MESSAGES.expiryPast : { month, year };
}

/** The form checked: every field's problem, or the body of createSandboxPaymentMethod. */
export type SandboxCardCheck =
  | { ok: true; card: Omit<TSandboxCard, 'orgId'> }
  | { ok: false; errors: Partial<Record<SandboxCardField, string>> };

/** Checks the Sandbox card form as Stripe's Payment Element would, before anything is sent. */
export function checkSandboxCard(fields: SandboxCardFields, now: Date): SandboxCardCheck {
  const errors: Partial<Record<SandboxCardField, string>> = {};
  const numberError = checkNumber(fields.cardNumber);
  if (numberError) errors.cardNumber = numberError;
  const expiry = readExpiry(fields.expiry, now);
  if (typeof expiry === 'string') errors.expiry = expiry;
  if (!/^\d{3,4}$/.test(fields.cvc.trim())) errors.cvc = MESSAGES.cvcIncomplete;
  if (fields.name.trim() === '') errors.name = MESSAGES.nameMissing;
  if (!/^[A-Za-z]{2}$/.test(fields.country.trim())) errors.country = MESSAGES.countryInvalid;
  if (fields.postalCode.trim() === '') errors.postalCode = MESSAGES.postalMissing;
  if (Object.keys(errors).length > 0 || typeof expiry === 'string') return { ok: false, errors };
  return {
    ok: true,
    card: {
      cardNumber: fields.cardNumber.replace(/[\s-]/g, ''),
      expMonth: expiry.month,
      expYear: expiry.year,
      cvc: fields.cvc.trim(),
      billingName: fields.name.trim(),
      billingPostalCode: fields.postalCode.trim(),
      billingCountry: fields.country.trim().toUpperCase(),
    },
  };
}

/** The order the form shows its fields in: the first error in it is the one the dialog names. */
export const SANDBOX_FIELD_ORDER: readonly SandboxCardField[] = [
  'name',
  'cardNumber',
  'expiry',
  'cvc',
  'country',
  'postalCode',
];
