import { describe, expect, it } from 'vitest';
import { formatBillingDate } from './format-billing-date';

describe('formatBillingDate', () => {
  it('shows the UTC calendar day of a date or timestamp', () => {
    expect(formatBillingDate('2026-12-01')).toBe('Dec 1, 2026');
    // 23:30 UTC on Nov 30 is Nov 30 for the ledger, whatever the admin's time zone.
    expect(formatBillingDate('2026-11-30T23:30:00Z')).toBe('Nov 30, 2026');
    expect(formatBillingDate('2024-02-29T00:00:00.000Z')).toBe('Feb 29, 2024');
  });

  it('leaves a text that is not a date as it is', () => {
    expect(formatBillingDate('soon')).toBe('soon');
  });
});
