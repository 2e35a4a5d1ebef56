import { describe, expect, it } from 'vitest';
import { formatCount } from './format-count';

describe('formatCount', () => {
  it('uses the singular for exactly one and the plural otherwise', () => {
    expect(formatCount(1, 'item')).toBe('1 item');
    expect(formatCount(0, 'item')).toBe('0 items');
    expect(formatCount(3, 'item')).toBe('3 items');
  });

  it('takes an irregular plural', () => {
    expect(formatCount(2, 'entry', 'entries')).toBe('2 entries');
  });
});
