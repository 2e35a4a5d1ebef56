// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { ZIdempotencyKey } from '@waymark/core';
import { describe, expect, it } from 'vitest';
import { usePurchaseKey } from './use-purchase-key';

describe('usePurchaseKey (decision 0131)', () => {
  it('keeps one key while the licence count stands, a new one when it changes or after renew', () => {
    const { result, rerender } = renderHook(({ total }) => usePurchaseKey(total), {
      initialProps: { total: 1 },
    });
    const first = result.current.key;
    expect(ZIdempotencyKey.safeParse(first).success).toBe(true);
    rerender({ total: 1 });
    expect(result.current.key).toBe(first);
    // The first purchase landed and the screen refreshed: the next Confirm is another intent.
    rerender({ total: 2 });
    const second = result.current.key;
    expect(second).not.toBe(first);
    rerender({ total: 2 });
    expect(result.current.key).toBe(second);
    act(() => result.current.renew());
    expect(result.current.key).not.toBe(second);
  });
});
