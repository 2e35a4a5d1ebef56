import { describe, expect, it, vi } from 'vitest';
import { itemIdInLink, onItemRequested, pageOf, requestItem, takeItemToOpen } from './item-link';

describe('item links (#waymark-item=)', () => {
  it.each([
    ['https://shop.test/cart#waymark-item=12', 12],
    ['https://shop.test/cart?step=2#waymark-item=7', 7],
    ['https://shop.test/#/app/cart&waymark-item=9', 9],
    ['https://shop.test/cart#waymark-item=12&x=1', 12],
    ['https://shop.test/cart', null],
    ['https://shop.test/cart?waymark-item=12', null],
    ['https://shop.test/cart#waymark-item=abc', null],
    ['https://shop.test/cart#waymark-item=0', null],
    ['https://shop.test/cart#other-waymark-item=3', null],
  ])('reads %s as item %s', (url, itemId) => {
    expect(itemIdInLink(url)).toBe(itemId);
  });

  it('compares pages without their fragment, keeping the query the site needs', () => {
    expect(pageOf('https://shop.test/cart?step=2#waymark-item=7')).toBe(
      'https://shop.test/cart?step=2',
    );
  });

  it('opens the item a tab address names once per tab and address', () => {
    const url = 'https://shop.test/once#waymark-item=5';
    expect(takeItemToOpen(1, url)).toBe(5);
    expect(takeItemToOpen(1, url)).toBeNull();
    // Another tab opened from the same mail opens it too.
    expect(takeItemToOpen(2, url)).toBe(5);
    expect(takeItemToOpen(1, 'https://shop.test/once')).toBeNull();
  });

  it("gives a panel about to show the page the inbox's request first, once", () => {
    requestItem('https://shop.test/asked#waymark-item=8', 8);
    expect(takeItemToOpen(3, 'https://shop.test/asked')).toBe(8);
    expect(takeItemToOpen(3, 'https://shop.test/asked')).toBeNull();
  });

  it('tells a panel already showing the page, and only that page', () => {
    const open = vi.fn();
    const stop = onItemRequested('https://shop.test/open', open);
    requestItem('https://shop.test/elsewhere#waymark-item=1', 1);
    requestItem('https://shop.test/open#waymark-item=4', 4);
    expect(open.mock.calls).toEqual([[4]]);
    // Taken by the open panel: a later panel of that page does not open it again.
    expect(takeItemToOpen(4, 'https://shop.test/open')).toBeNull();
    stop();
    requestItem('https://shop.test/open#waymark-item=6', 6);
    expect(open).toHaveBeenCalledTimes(1);
  });
});
