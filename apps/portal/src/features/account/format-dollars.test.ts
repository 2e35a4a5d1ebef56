import { describe, expect, it } from 'vitest';
import { dollarsToCents, formatDollars } from './format-dollars';

describe('formatDollars', () => {
  it('formats the API dollar fields to the cent, without float noise', () => {
    expect(formatDollars(12)).toBe('$12');
    expect(formatDollars(7.6)).toBe('$7.60');
    expect(formatDollars('7.60')).toBe('$7.60');
    expect(dollarsToCents(10.99)).toBe(1099);
    expect(dollarsToCents(0.29)).toBe(29);
    expect(formatDollars(1234.5)).toBe('$1,234.50');
  });

  it('reads a cost that is not a number as $0 (spec §8)', () => {
    expect(dollarsToCents('n/a')).toBe(0);
    expect(formatDollars('')).toBe('$0');
  });
});
