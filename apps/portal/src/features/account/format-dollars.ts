import { dollarsToCents, formatUsd } from '@waymark/core';

/**
 * An API dollar field (cents / 100, issue 13) as people read it: 7.6 → "$7.60", 12 → "$12".
 * Goes back to cents and through core's one money helper, so every amount looks the same.
 */
export function formatDollars(dollars: number | string): string {
  return formatUsd(dollarsToCents(dollars));
}
