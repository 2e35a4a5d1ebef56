// Money is integer US cents end to end (issue 13, docs/billing.md); dollars exist only at the edge.

/** Cents → the API's dollar number: 1099 → 10.99. The one conversion every dollar field uses. */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** Cents → dollars as text with two decimals: 1099 → "10.99" (CalculateOneTimeCharge's answer). */
export function centsToDollarText(cents: number): string {
  return (Math.round(cents) / 100).toFixed(2);
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
