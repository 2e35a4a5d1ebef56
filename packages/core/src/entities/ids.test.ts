import { describe, expect, it } from 'vitest';
import { ZId, ZIdParam } from './ids';

describe('ZId (ids in JSON bodies)', () => {
  it('accepts JSON integers from 1 to 2^31-1', () => {
    expect(ZId.parse(1)).toBe(1);
    expect(ZId.parse(2_147_483_647)).toBe(2_147_483_647);
  });

  it('refuses strings that a coercion would have read as numbers', () => {
    for (const value of ['12', '0x10', '1e3', ' 7 ', ''])
      expect(ZId.safeParse(value).success).toBe(false);
  });

  it('refuses fractions, zero, negatives, out-of-range numbers and non-numbers', () => {
    for (const value of [1.5, 0, -1, 2_147_483_648, Number.NaN, null, true, [1], { id: 1 }])
      expect(ZId.safeParse(value).success).toBe(false);
  });
});

describe('ZIdParam (ids in URL segments and query values)', () => {
  it('reads decimal digits only', () => {
    expect(ZIdParam.parse('42')).toBe(42);
    for (const value of ['0x10', '1e3', '-1', '0', '4.0', '99999999999'])
      expect(ZIdParam.safeParse(value).success).toBe(false);
  });
});
