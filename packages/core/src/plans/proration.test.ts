import { describe, expect, it } from 'vitest';
import {
  billingPeriodOf,
  daysInMonth,
  daysLeftInMonth,
  creditToApply,
  MINIMUM_CHARGE_CENTS,
  oneTimeChargeCents,
  proratedChargeCents,
  startOfNextMonth,
  utcDay,
} from './proration';

const at = (iso: string) => new Date(iso);

describe('billing days are UTC calendar days', () => {
  it.each([
    ['2026-01-15T00:00:00Z', 31],
    ['2026-02-10T00:00:00Z', 28],
    ['2028-02-10T00:00:00Z', 29],
    ['2100-02-10T00:00:00Z', 28],
    ['2000-02-10T00:00:00Z', 29],
    ['2026-04-30T23:59:59Z', 30],
  ])('%s is in a month of %i days', (iso, days) => {
    expect(daysInMonth(at(iso))).toBe(days);
  });

  it('counts today: all days on the 1st, one on the last day, whatever the hour', () => {
    expect(daysLeftInMonth(at('2026-03-01T00:00:00Z'))).toBe(31);
    expect(daysLeftInMonth(at('2026-03-31T23:59:59.999Z'))).toBe(1);
    expect(daysLeftInMonth(at('2028-02-29T12:00:00Z'))).toBe(1);
    // 23:30 in New York on Feb 28 is already March 1 in UTC.
    expect(daysLeftInMonth(at('2026-03-01T04:30:00Z'))).toBe(31);
  });

  it('names periods and the next 1st in UTC, across the year end', () => {
    expect(billingPeriodOf(at('2026-12-31T23:59:59Z'))).toBe('2026-12');
    expect(billingPeriodOf(at('2027-01-01T00:00:00Z'))).toBe('2027-01');
    expect(startOfNextMonth(at('2026-12-15T10:00:00Z')).toISOString()).toBe(
      '2027-01-01T00:00:00.000Z',
    );
    expect(utcDay(at('2026-05-31T23:00:00Z'))).toBe('2026-05-31');
  });
});

describe('proratedChargeCents: count × price × days left / days in month, half-up once', () => {
  it.each([
    // [when, count, price, cents]
    ['2026-03-01T00:00:00Z', 3, 600, 1800], // the 1st: the whole month
    ['2026-03-31T10:00:00Z', 1, 900, 29], // 9.677… → 29 (last day of 31)
    ['2026-04-30T10:00:00Z', 1, 600, 20], // last day of 30: exactly 20
    ['2026-02-28T10:00:00Z', 1, 400, 14], // last day of 28: 14.2857 → 14
    ['2028-02-29T10:00:00Z', 1, 400, 14], // leap day, last of 29: 13.79 → 14
    ['2028-02-15T10:00:00Z', 1, 400, 207], // 15 of 29: 206.896… → 207
    ['2026-02-15T10:00:00Z', 1, 400, 200], // 14 of 28: exactly 200
    ['2026-05-20T09:00:00Z', 2, 400, 310], // 12 of 31: 309.677 → 310
    ['2026-04-09T12:00:00Z', 3, 400, 880], // 22 of 30: exactly 880
    ['2026-04-16T00:00:00Z', 1, 900, 450], // 15 of 30: exactly 450
  ])('%s, %i × %i¢ → %i¢', (iso, count, price, cents) => {
    expect(proratedChargeCents(count, price, at(iso))).toBe(cents);
  });

  it('rounds a half cent up', () => {
    // 1 × 1¢ × 15 / 30 = 0.5 → 1; 1 × 3¢ × 15/30 = 1.5 → 2.
    expect(proratedChargeCents(1, 1, at('2026-04-16T00:00:00Z'))).toBe(1);
    expect(proratedChargeCents(1, 3, at('2026-04-16T00:00:00Z'))).toBe(2);
    expect(proratedChargeCents(1, 1, at('2026-04-17T00:00:00Z'))).toBe(0); // 14/30 = 0.47
  });

  it('rounds once per charge, not per license', () => {
    // 3 × $6 on the last day of March: 1800 / 31 = 58.06 → 58; per licence it would be 3 × 19 = 57.
    expect(proratedChargeCents(3, 600, at('2026-03-31T00:00:00Z'))).toBe(58);
  });

  it('is exact for large counts (integer arithmetic)', () => {
    expect(proratedChargeCents(100_000, 900, at('2026-03-17T00:00:00Z'))).toBe(43_548_387);
  });
});

// Decision 0132: Stripe refuses card payments under $0.50.
describe('oneTimeChargeCents: the proration, waived under the minimum charge', () => {
  it.each([
    // [when, count, price, cents]
    ['2026-03-31T00:00:00Z', 1, 400, 0], // 13¢: one Basic licence on the last day
    ['2026-03-28T00:00:00Z', 1, 400, 52], // 4 days of 31: 51.6¢, charged
    ['2026-03-29T00:00:00Z', 1, 400, 0], // 38.7¢
    ['2026-03-31T00:00:00Z', 3, 600, 58], // the sum is charged once it reaches the minimum
    ['2026-03-01T00:00:00Z', 1, 400, 400],
  ])('%s: %i × %i¢ → %i¢', (iso, count, price, cents) => {
    expect(oneTimeChargeCents(count, price, at(iso))).toBe(cents);
  });
});

describe('creditToApply: credit first, never leaving the card less than the minimum', () => {
  it.each([
    // [credit, amount, applied]
    [0, 400, 0],
    [1000, 400, 400], // covers it: nothing for the card
    [400, 400, 400],
    [380, 400, 350], // would leave 20¢: leaves 50¢, 30¢ of credit stays
    [100, 400, 100],
    [20, 60, 10],
    [30, 40, 0], // a charge under the minimum that credit does not cover takes none
  ])('%i¢ of credit on %i¢ → %i¢', (credit, amount, applied) => {
    expect(creditToApply(credit, amount)).toBe(applied);
    const charged = amount - applied;
    expect(charged === 0 || charged >= MINIMUM_CHARGE_CENTS || amount < MINIMUM_CHARGE_CENTS).toBe(
      true,
    );
  });
});
