import type { TPinSelector } from '@waymark/core';
import { accessibleNameOf, roleOf } from './element-facts';
import { createTagIndex, type NamedCandidates } from './tag-index';
import { matchQuote } from './fuzzy-match';
import { selectorOf } from './pin-selectors';
import type { TextIndex } from './text-index';
import { isPinnedElement, isPinnedInContext } from './verify-candidate';

/** How a pin was placed: which selector found its element. */
export type AnchorMethod = 'css' | 'role' | 'quote';

/** Where a pin is on the page now: its element, or nowhere it can be placed confidently. */
export type AnchorResult =
  { status: 'anchored'; element: Element; method: AnchorMethod } | { status: 'orphan' };

/**
 * What re-anchoring reads, shared by every pin of a pass: the document, its text index and its
 * elements by tag and name (each built on first need, once per pass).
 */
export type AnchorContext = {
  document: Document;
  textIndex: () => TextIndex;
  namedCandidates: NamedCandidates;
};

function byCss(context: AnchorContext, selectors: readonly TPinSelector[]): Element | null {
  const css = selectorOf(selectors, 'CssSelector');
  if (!css) return null;
  let candidate: Element | null;
  try {
    // The first match only, as a plain querySelector loop would: uniqueness is not asked of the
    // selector, since every candidate is verified against the pinned text and its surroundings.
    candidate = context.document.querySelector(css.value);
  } catch {
    return null; // a selector this browser cannot parse
  }
  return candidate && isPinnedInContext(candidate, selectors, context.textIndex) ? candidate : null;
}

function byRole(context: AnchorContext, selectors: readonly TPinSelector[]): Element | null {
  const role = selectorOf(selectors, 'RoleSelector');
  if (!role?.name) return null;
  const found = context
    .namedCandidates(role.tagName, role.name)
    .filter(
      ({ element }) => roleOf(element) === role.role && accessibleNameOf(element) === role.name,
    );
  const [only] = found;
  return found.length === 1 && only && isPinnedElement(only.element, selectors)
    ? only.element
    : null;
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

/** An {@link AnchorContext} for `document`: its indexes are built once, when first needed. */
export function createAnchorContext(
  document: Document,
  buildIndex: (root: Element) => TextIndex,
): AnchorContext {
  let index: TextIndex | undefined;
  return {
    document,
    textIndex: () => (index ??= buildIndex(document.body)),
    namedCandidates: createTagIndex(document),
  };
}
