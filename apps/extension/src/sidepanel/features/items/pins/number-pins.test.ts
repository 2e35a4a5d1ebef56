import type { TItemPin } from '@waymark/core';
import { describe, expect, it } from 'vitest';
import { numberPins } from './number-pins';

const pinOf = (itemId: number): TItemPin => ({
  itemId,
  selectors: [{ type: 'CssSelector', value: `#item-${itemId}` }],
  label: { text: '', path: 'main' },
  pinnedBy: 'Ada',
  pinnedAt: '2026-11-23T10:00:00.000Z',
});

describe('numberPins', () => {
  it('numbers pinned items in list order, skipping unpinned items and pins of other pages', () => {
    const drawn = numberPins([30, 10, 20], [pinOf(10), pinOf(30), pinOf(99)]);
    expect(drawn.map(({ itemId, number }) => [itemId, number])).toEqual([
      [30, 1],
      [10, 2],
    ]);
  });
});
