import { z } from 'zod';
import { ZId, ZTimestamp } from './ids';
import { ZText } from './text';

// Issue 15 (spec §1 location pin): one pin per item, described by several selectors in the style
// of the W3C Web Annotation data model (https://www.w3.org/TR/annotation-model/#selectors), so a
// page change that defeats one selector leaves the others. See docs/pins.md.

/** Longest CSS selector, text quote or accessible name a pin keeps. */
export const PIN_TEXT_MAX_LENGTH = 2000;
/** Longest prefix or suffix kept around a text quote. */
export const PIN_CONTEXT_MAX_LENGTH = 64;
/** The item history field of pin, re-pin and unpin entries. */
export const PIN_HISTORY_FIELD = 'pin';

// Every text of a pin builds on ZText: a NUL or a lone surrogate is a 400, not a 500 (issue 24).
const ZPinText = ZText.max(PIN_TEXT_MAX_LENGTH);
const ZPinContext = ZText.max(PIN_CONTEXT_MAX_LENGTH);
const ZOffset = z.number().int().nonnegative().max(100_000_000);
const ZPixels = z.number().finite().min(-1_000_000).max(1_000_000);
const ZSize = z.number().finite().nonnegative().max(1_000_000);

/** W3C CssSelector: a selector built to survive (ids, test ids, aria labels, then structure). */
export const ZCssSelector = z.object({
  type: z.literal('CssSelector'),
  value: ZText.min(1).max(PIN_TEXT_MAX_LENGTH),
});
/** W3C TextQuoteSelector: the element's own text with a little context either side. */
export const ZTextQuoteSelector = z.object({
  type: z.literal('TextQuoteSelector'),
  exact: ZPinText,
  prefix: ZPinContext,
  suffix: ZPinContext,
});
/** W3C TextPositionSelector: where the element's text starts and ends in the body's text. */
export const ZTextPositionSelector = z
  .object({ type: z.literal('TextPositionSelector'), start: ZOffset, end: ZOffset })
  .refine((value) => value.end >= value.start, 'end must not be before start');
/** Waymark's own: the element's ARIA role and accessible name, and its tag. */
export const ZRoleSelector = z.object({
  type: z.literal('RoleSelector'),
  role: ZText.max(64),
  name: ZPinText,
  tagName: ZText.min(1).max(64),
});
/** Waymark's own: the element's box in page coordinates, and the page and viewport it was in. */
export const ZBoxSelector = z.object({
  type: z.literal('BoxSelector'),
  x: ZPixels,
  y: ZPixels,
  width: ZSize,
  height: ZSize,
  pageWidth: ZSize,
  pageHeight: ZSize,
  viewportWidth: ZSize,
  viewportHeight: ZSize,
});

/** One selector of a pin. */
export const ZPinSelector = z.union([
  ZCssSelector,
  ZTextQuoteSelector,
  ZTextPositionSelector,
  ZRoleSelector,
  ZBoxSelector,
]);
/** One selector of a pin. */
export type TPinSelector = z.infer<typeof ZPinSelector>;

/** Every selector of a pin, at most one of each type, always with a CSS selector. */
export const ZPinSelectors = z
  .array(ZPinSelector)
  .min(1)
  .max(5)
  .refine(
    (selectors) => new Set(selectors.map((selector) => selector.type)).size === selectors.length,
    'each selector type may appear once',
  )
  .refine(
    (selectors) => selectors.some((selector) => selector.type === 'CssSelector'),
    'a CssSelector is required',
  );

/** Where a pin was, in words: what "Needs re-pin" shows (the element's text and a path). */
export const ZPinLabel = z.object({
  text: ZText.max(200),
  path: ZText.max(500),
});
/** Where a pin was, in words. */
export type TPinLabel = z.infer<typeof ZPinLabel>;

/** A pin as the browser describes an element: what `pinItem` sends. */
export const ZPinAnchor = z.object({ selectors: ZPinSelectors, label: ZPinLabel });
/** A pin as the browser describes an element. */
export type TPinAnchor = z.infer<typeof ZPinAnchor>;

/** `pinItem`'s body: pin (or re-pin) an item to an element of its page. */
export const ZPinItemRequest = ZPinAnchor.extend({ itemId: ZId });
/** `pinItem`'s body. */
export type TPinItemRequest = z.infer<typeof ZPinItemRequest>;

/** An item's pin as the server keeps it. */
export const ZItemPin = ZPinAnchor.extend({
  itemId: ZId,
  pinnedBy: z.string(),
  pinnedAt: ZTimestamp,
});
/** An item's pin. */
export type TItemPin = z.infer<typeof ZItemPin>;

/** Words a history entry shows for a pin: `"Save" at main > form > button`. */
export function formatPinLabel(label: TPinLabel): string {
  return label.text ? `"${label.text}" at ${label.path}` : label.path;
}
