import { formatUsd } from '@waymark/core';

/**
 * An API dollar field (cents / 100, issue 13) as people read it: 7.6 → "$7.60", 12 → "$12".
 * Back to whole cents, then through core's one money formatter, so every amount looks the same.
 * A text that is not a number (a broken CalculateOneTimeCharge answer) reads as $0 (spec §8).
 */
export function formatDollars(dollars: number | string): string {
  return formatUsd(dollarsToCents(dollars));
}

/** Dollars from the API → whole cents; what is not a number is 0 (spec §8 cost failure). */
export function dollarsToCents(dollars: number | string): number {
  const value = typeof dollars === 'number' ? dollars : Number.parseFloat(dollars);
  return Number.isFinite(value) ? Math.round(value * 100) : 0;
}
