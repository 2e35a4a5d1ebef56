import { describe, expect, it } from 'vitest';
import {
  centsToDollars,
  centsToDollarText,
  dollarsToCents,
  formatDollars,
  formatUsd,
} from './money';

describe('dollarsToCents', () => {
  it('is the exact inverse of centsToDollars and centsToDollarText for every cent to $10,000, then in steps of 97,531 cents to $10M', () => {
    const wrong: number[] = [];
    for (let cents = 0; cents <= 1_000_000_000; cents += cents < 1_000_000 ? 1 : 97_531) {
      if (dollarsToCents(centsToDollars(cents)) !== cents) wrong.push(cents);
      else if (dollarsToCents(centsToDollarText(cents)) !== cents) wrong.push(cents);
      if (wrong.length > 5) break;
    }
    expect(wrong).toEqual([]);
  });

  it('rounds where float truncation would lose a cent', () => {
    // 0.29 * 100 is 28.999999999999996 and 10.99 * 100 is 1098.9999999999998 in floats.
    expect(dollarsToCents(0.29)).toBe(29);
    expect(dollarsToCents('10.99')).toBe(1099);
    expect(dollarsToCents(-12.34)).toBe(-1234);
  });

  it('reads a cost that is not a number as 0 (spec §8)', () => {
    expect(dollarsToCents('n/a')).toBe(0);
    expect(dollarsToCents('')).toBe(0);
    expect(dollarsToCents(Number.NaN)).toBe(0);
    expect(dollarsToCents(Number.POSITIVE_INFINITY)).toBe(0);
  });
});

describe('formatUsd and formatDollars', () => {
  it('format to the cent without float noise, whole dollars without decimals', () => {
    expect(formatUsd(600)).toBe('$6');
    expect(formatUsd(123456)).toBe('$1,234.56');
    expect(formatDollars(12)).toBe('$12');
    expect(formatDollars(7.6)).toBe('$7.60');
    expect(formatDollars('7.60')).toBe('$7.60');
    expect(formatDollars(1234.5)).toBe('$1,234.50');
    expect(formatDollars('')).toBe('$0');
  });
});
