// issue 13 Rules: a billing day is a UTC calendar day; "the first" is 00:00 UTC on day 1.

/** A billing period: one UTC calendar month, named `YYYY-MM`. */
export type BillingPeriod = `${number}-${number}`;

/** Days in the UTC month of `at` (28, 29, 30 or 31). */
export function daysInMonth(at: Date): number {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 0)).getUTCDate();
}

/** Days left in the UTC month of `at`, today included: 1 on the last day, all of them on the 1st. */
export function daysLeftInMonth(at: Date): number {
  return daysInMonth(at) - at.getUTCDate() + 1;
}

/** The billing period (`YYYY-MM`) `at` falls in. */
export function billingPeriodOf(at: Date): BillingPeriod {
  const month = String(at.getUTCMonth() + 1).padStart(2, '0');
  return `${at.getUTCFullYear()}-${month}` as BillingPeriod;
}

/** 00:00 UTC on the first of the month after `at`: when deferred changes take effect. */
export function startOfNextMonth(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
}

/** 00:00 UTC on the first of the month of `at`. */
export function startOfMonth(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

/** The UTC calendar day of `at` as `YYYY-MM-DD`. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * issue 13: the one-time prorated charge for `count` licences at `priceCents` each per month,
 * bought on the UTC day of `at`: count × price × (days left including today) / (days in month),
 * rounded half-up to the cent once for the whole charge. Integer arithmetic: no float error.
 */
export function proratedChargeCents(count: number, priceCents: number, at: Date): number {
  const numerator = count * priceCents * daysLeftInMonth(at);
  const denominator = daysInMonth(at);
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/**
 * Stripe's minimum charge in US dollars, in cents: a smaller card payment is refused
 * (`amount_too_small`), so none is ever sent (decision 0132).
 */
export const MINIMUM_CHARGE_CENTS = 50;

/**
 * What a one-time prorated charge (a licence purchase, an upgrade, a trial's conversion) costs:
 * {@link proratedChargeCents}, waived below {@link MINIMUM_CHARGE_CENTS}. One Basic licence bought
 * on a month's last day is 13¢, which no card can be charged: it is not charged (decision 0132).
 */
export function oneTimeChargeCents(count: number, priceCents: number, at: Date): number {
  const cents = proratedChargeCents(count, priceCents, at);
  return cents < MINIMUM_CHARGE_CENTS ? 0 : cents;
}

/**
 * The credit a charge of `amountCents` uses from a balance of `creditCents` (spec §9: credit is
 * used before the card): all of the charge when the balance covers it, else as much as leaves at
 * least {@link MINIMUM_CHARGE_CENTS} to the card, the rest staying for later (decision 0132).
 */
export function creditToApply(creditCents: number, amountCents: number): number {
  if (creditCents >= amountCents) return amountCents;
  return Math.max(0, Math.min(creditCents, amountCents - MINIMUM_CHARGE_CENTS));
}
