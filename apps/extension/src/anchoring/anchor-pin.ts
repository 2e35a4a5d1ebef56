import type { TPinSelector } from '@waymark/core';
import { accessibleNameOf, roleOf } from './element-facts';
import { matchQuote } from './fuzzy-match';
import { selectorOf } from './pin-selectors';
import type { TextIndex } from './text-index';
import { isPinnedElement, isPinnedInContext } from './verify-candidate';

/** How a pin was placed: which selector found its element. */
export type AnchorMethod = 'css' | 'role' | 'quote';

/** Where a pin is on the page now: its element, or nowhere it can be placed confidently. */
export type AnchorResult =
  { status: 'anchored'; element: Element; method: AnchorMethod } | { status: 'orphan' };

/** What re-anchoring reads: the document, and its text index (built on first need). */
export type AnchorContext = { document: Document; textIndex: () => TextIndex };

function byCss(context: AnchorContext, selectors: readonly TPinSelector[]): Element | null {
  const css = selectorOf(selectors, 'CssSelector');
  if (!css) return null;
  let matches: NodeListOf<Element>;
  try {
    matches = context.document.querySelectorAll(css.value);
  } catch {
    return null; // a selector this browser cannot parse
  }
  const [only] = matches;
  return matches.length === 1 && only && isPinnedInContext(only, selectors, context.textIndex())
    ? only
    : null;
}

/** Attributes an accessible name can come from besides the element's own text. */
const NAMING_ATTRIBUTES = ['aria-label', 'aria-labelledby', 'title', 'alt', 'placeholder', 'id'];

/**
 * A cheap test before the accessible name is computed (the accname algorithm is the costly part
 * of a page scan): the element's text holds the name, or it has something else to be named by.
 */
function mayBeNamed(element: Element, name: string): boolean {
  if (NAMING_ATTRIBUTES.some((attribute) => element.hasAttribute(attribute))) return true;
  // Raw text, not normalised: a name split by line breaks is left to the text search.
  return (element.textContent ?? '').includes(name);
}

function byRole(context: AnchorContext, selectors: readonly TPinSelector[]): Element | null {
  const role = selectorOf(selectors, 'RoleSelector');
  if (!role?.name) return null;
  const found = Array.from(context.document.getElementsByTagName(role.tagName)).filter(
    (element) =>
      mayBeNamed(element, role.name) &&
      roleOf(element) === role.role &&
      accessibleNameOf(element) === role.name,
  );
  const [only] = found;
  return found.length === 1 && only && isPinnedElement(only, selectors) ? only : null;
}

function byQuote(context: AnchorContext, selectors: readonly TPinSelector[]): Element | null {
  const quote = selectorOf(selectors, 'TextQuoteSelector');
  if (!quote?.exact) return null;
  const index = context.textIndex();
  const match = matchQuote(
    index,
    quote,
    selectorOf(selectors, 'TextPositionSelector')?.start ?? null,
  );
  if (!match) return null;
  const tagName = selectorOf(selectors, 'RoleSelector')?.tagName;
  // The nearest ancestor of the matched text that is what was pinned (same tag, role and text).
  for (
    let node = index.nodeAt(match.start)?.parentElement ?? null;
    node;
    node = node.parentElement
  ) {
    if ((!tagName || node.tagName.toLowerCase() === tagName) && isPinnedElement(node, selectors))
      return node;
  }
  return null;
}

/**
 * Finds a pin's element: the CSS selector first (most precise), then role and accessible name,
 * then a fuzzy search of the text with its context. Every candidate is verified against the
 * pinned text and role; when no strategy yields a verified element the pin is an orphan —
 * "Needs re-pin" — never drawn on a wrong element.
 */
export function anchorPin(
  context: AnchorContext,
  selectors: readonly TPinSelector[],
): AnchorResult {
  const strategies: [AnchorMethod, typeof byCss][] = [
    ['css', byCss],
    ['role', byRole],
    ['quote', byQuote],
  ];
  for (const [method, find] of strategies) {
    const element = find(context, selectors);
    if (element) return { status: 'anchored', element, method };
  }
  return { status: 'orphan' };
}

/** An {@link AnchorContext} for `document`, indexing its text once, when first needed. */
export function createAnchorContext(
  document: Document,
  buildIndex: (root: Element) => TextIndex,
): AnchorContext {
  let index: TextIndex | undefined;
  return { document, textIndex: () => (index ??= buildIndex(document.body)) };
}
