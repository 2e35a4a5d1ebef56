import { describe, expect, it } from 'vitest';
import { expiryFrom, formatTokenDate } from './token-expiry';

describe('token expiry', () => {
  const now = new Date('2026-11-25T10:00:00Z');

  it('adds the chosen days', () => {
    expect(expiryFrom('30', now)).toBe('2026-12-25T10:00:00.000Z');
    expect(expiryFrom('365', now)).toBe('2027-11-25T10:00:00.000Z');
  });

  it('has no expiry for never or anything odd', () => {
    expect(expiryFrom('never', now)).toBeNull();
    expect(expiryFrom('-3', now)).toBeNull();
  });

  it('formats a date or the fallback', () => {
    expect(formatTokenDate('2026-11-25T10:00:00.000Z', 'Never')).toBe('2026-11-25');
    expect(formatTokenDate(null, 'Never')).toBe('Never');
  });
});
