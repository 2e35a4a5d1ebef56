import { finder } from '@medv/finder';
import type { TPinAnchor, TPinSelector } from '@waymark/core';
import { accessibleNameOf, pathOf, roleOf, textOf } from './element-facts';
import { buildTextIndex, type TextIndex } from './text-index';
import { CONTEXT_LENGTH } from './thresholds';

/** Attributes a selector may rely on: stable by intent (tests, accessibility, forms). */
const STABLE_ATTRIBUTES = new Set(['data-testid', 'data-test', 'data-cy', 'aria-label', 'name']);

/**
 * Ids worth keeping: word-like, and not generated (framework ids such as `:r1:`, `ember123`,
 * `react-select-3-input` or long hex/digit runs change on every render).
 */
export function isStableId(id: string): boolean {
  return /^[A-Za-z][\w-]*$/.test(id) && !/\d{2,}|[a-f0-9]{8,}|^(ember|react|ext-gen)/i.test(id);
}

/**
 * The most durable CSS selector of `element` (@medv/finder): ids, then stable attributes, then
 * structure. Classes are never used — build tools rename them (CSS modules, Tailwind JIT).
 */
export function cssSelectorOf(element: Element): string {
  return finder(element, {
    root: element.ownerDocument.body,
    idName: isStableId,
    className: () => false,
    attr: (name, value) => STABLE_ATTRIBUTES.has(name) && value.length < 100,
    timeoutMs: 200,
  });
}

/** The element's text with its context in the page (TextQuote and TextPosition selectors). */
function textSelectors(element: Element, index: TextIndex): TPinSelector[] {
  const exact = textOf(element);
  const start = index.startOf(element);
  if (!exact || start === null) return [];
  const end = start + exact.length;
  return [
    {
      type: 'TextQuoteSelector',
      exact,
      prefix: index.text.slice(Math.max(0, start - CONTEXT_LENGTH), start),
      suffix: index.text.slice(end, end + CONTEXT_LENGTH),
    },
    { type: 'TextPositionSelector', start, end },
  ];
}

/** The element's box in page coordinates, with the page and viewport it was measured in. */
function boxSelector(element: Element): TPinSelector {
  const view = element.ownerDocument.defaultView;
  const rect = element.getBoundingClientRect();
  const root = element.ownerDocument.documentElement;
  const scrollX = view?.scrollX ?? 0;
  const scrollY = view?.scrollY ?? 0;
  return {
    type: 'BoxSelector',
    x: Math.round(rect.left + scrollX),
    y: Math.round(rect.top + scrollY),
    width: Math.round(rect.width),
    height: Math.round(rect.height),
    pageWidth: root.scrollWidth,
    pageHeight: root.scrollHeight,
    viewportWidth: view?.innerWidth ?? 0,
    viewportHeight: view?.innerHeight ?? 0,
  };
}

/**
 * Describes an element as a pin: every selector (W3C Web Annotation style) and a label saying,
 * in words, where it was. Pass an index of the page's text when describing several elements.
 */
export function describeElement(element: Element, index?: TextIndex): TPinAnchor {
  const text = textOf(element);
  const name = accessibleNameOf(element);
  const selectors: TPinSelector[] = [
    { type: 'CssSelector', value: cssSelectorOf(element) },
    ...textSelectors(element, index ?? buildTextIndex(element.ownerDocument.body)),
    { type: 'RoleSelector', role: roleOf(element), name, tagName: element.tagName.toLowerCase() },
    boxSelector(element),
  ];
  return { selectors, label: { text: (name || text).slice(0, 80), path: pathOf(element) } };
}
