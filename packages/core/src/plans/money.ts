// Money is integer US cents end to end (issue 13, docs/billing.md); dollars exist only at the edge.
// This is the one money module: every conversion and format of an amount goes through it.

/** Cents → the API's dollar number: 1099 → 10.99. The one conversion every dollar field uses. */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** Cents → dollars as text with two decimals: 1099 → "10.99" (CalculateOneTimeCharge's answer). */
export function centsToDollarText(cents: number): string {
  return (Math.round(cents) / 100).toFixed(2);
}

/**
 * The API's dollars (a number or the text CalculateOneTimeCharge answers) → whole cents, the
 * inverse of centsToDollars for every cent value: 10.99 → 1099 ("10.99" * 100 is 1098.9999…, so
 * it rounds, never truncates). What is not a number is 0 (spec §8: a failed cost counts as 0).
 */
export function dollarsToCents(dollars: number | string): number {
  const value = typeof dollars === 'number' ? dollars : Number.parseFloat(dollars);
  return Number.isFinite(value) ? Math.round(value * 100) : 0;
}

/** Formats cents as US dollars for people: 600 → "$6", 1099 → "$10.99", 123456 → "$1,234.56". */
export function formatUsd(cents: number): string {
  const dollars = Math.round(cents) / 100;
  return dollars.toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: Number.isInteger(dollars) ? 0 : 2,
    maximumFractionDigits: 2,
  });
}

/**
 * An API dollar field as people read it: 7.6 → "$7.60", 12 → "$12" — back to whole cents, then
 * through formatUsd, so every amount looks the same. What is not a number reads as $0 (spec §8).
 */
export function formatDollars(dollars: number | string): string {
  return formatUsd(dollarsToCents(dollars));
}
