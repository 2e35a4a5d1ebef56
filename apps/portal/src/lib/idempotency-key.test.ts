import { ZIdempotencyKey } from '@waymark/core';
import { describe, expect, it } from 'vitest';
import { newIdempotencyKey } from './idempotency-key';

describe('newIdempotencyKey', () => {
  it('makes 128-bit keys the API accepts, a new one each time', () => {
    const keys = Array.from({ length: 50 }, newIdempotencyKey);
    expect(new Set(keys).size).toBe(50);
    for (const key of keys) {
      expect(key).toMatch(/^[0-9a-f]{32}$/);
      expect(ZIdempotencyKey.safeParse(key).success).toBe(true);
    }
  });
});
