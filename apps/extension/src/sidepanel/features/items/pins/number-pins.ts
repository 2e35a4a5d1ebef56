import type { TItemPin } from '@waymark/core';
import type { DrawnPin } from '../../../../messaging/index';

/**
 * The markers to draw: the pins of the page's items, numbered 1, 2, … in the order the side
 * panel lists the items, so marker 2 is the second pinned item of the list.
 */
export function numberPins(itemIds: readonly number[], pins: readonly TItemPin[]): DrawnPin[] {
  const byItem = new Map(pins.map((pin) => [pin.itemId, pin]));
  return itemIds
    .flatMap((itemId) => {
      const pin = byItem.get(itemId);
      return pin ? [{ itemId, selectors: pin.selectors }] : [];
    })
    .map((pin, index) => ({ ...pin, number: index + 1 }));
}
