import type { TPinSelector } from '@waymark/core';
import { accessibleNameOf, roleOf, textOf } from './element-facts';
import { selectorOf } from './pin-selectors';
import { normalizeText, textSimilarity } from './text';
import { textAround } from './text-around';
import type { TextIndex } from './text-index';
import { MIN_CONTEXT_SIMILARITY, MIN_TEXT_SIMILARITY } from './thresholds';

/** How alike the text around `candidate` is to the pinned prefix and suffix, from 0 to 1. */
function contextSimilarity(
  candidate: Element,
  quote: { exact: string; prefix: string; suffix: string },
  index: TextIndex,
): number {
  const start = index.startOf(candidate);
  if (start === null) return 0;
  const text = index.text;
  const end = start + textOf(candidate).length;
  const prefix = text.slice(Math.max(0, start - quote.prefix.length), start);
  const suffix = text.slice(end, end + quote.suffix.length);
  const alike = (expected: string, actual: string) =>
    expected.length === 0 ? 1 : textSimilarity(expected, actual);
  return (alike(quote.prefix, prefix) + alike(quote.suffix, suffix)) / 2;
}

/** Whether `exact` occurs once in the page's text. */
function isUniqueText(exact: string, index: TextIndex): boolean {
  const first = index.text.indexOf(exact);
  return first !== -1 && index.text.indexOf(exact, first + 1) === -1;
}

/**
 * Whether the candidate carries the pinned text exactly between the pinned prefix and suffix:
 * the page around it did not change. Read from its neighbouring text nodes, without the page's
 * index — the common case (an unchanged page) costs a few nodes per pin.
 */
function isUnchangedInPlace(
  candidate: Element,
  quote: { exact: string; prefix: string; suffix: string },
): boolean {
  if (textOf(candidate) !== quote.exact) return false;
  const prefix = normalizeText(quote.prefix);
  const suffix = normalizeText(quote.suffix);
  return (
    textAround(candidate, 'before', prefix.length).endsWith(prefix) &&
    textAround(candidate, 'after', suffix.length).startsWith(suffix)
  );
}

/**
 * Whether a candidate found by a selector that can point at the wrong element (a CSS path after
 * the page's structure shifted) is the pinned one: it must pass {@link isPinnedElement}, and
 * either carry the pinned text exactly with its pinned surroundings, or exactly where that text is
 * unique on the page, or sit in surroundings at least {@link MIN_CONTEXT_SIMILARITY} alike — so
 * the next row of a list, whose label differs by a digit, is never taken for the pinned one. The
 * page's text index (`index`, built on first call) is needed only when the page changed.
 */
export function isPinnedInContext(
  candidate: Element,
  selectors: readonly TPinSelector[],
  index: () => TextIndex,
): boolean {
  if (!isPinnedElement(candidate, selectors)) return false;
  const quote = selectorOf(selectors, 'TextQuoteSelector');
  if (!quote?.exact) return true;
  if (isUnchangedInPlace(candidate, quote)) return true;
  if (textOf(candidate) === quote.exact && isUniqueText(quote.exact, index())) return true;
  return contextSimilarity(candidate, quote, index()) >= MIN_CONTEXT_SIMILARITY;
}

/** The numbers in a text, in order: "Order 7 of customer 1" → "7,1". */
function numbersOf(text: string): string {
  return (text.match(/\d+/g) ?? []).join(',');
}

/**
 * Whether `actual` is `expected` or a slight edit of it: at least {@link MIN_TEXT_SIMILARITY}
 * alike, with the same numbers. Numbers name records ("Order 7", "Account 3"): rows of a list
 * differ only by them, so a changed number means another element, or a change worth a re-pin.
 */
export function isSlightEdit(expected: string, actual: string): boolean {
  if (expected === actual) return true;
  return (
    numbersOf(expected) === numbersOf(actual) &&
    textSimilarity(expected, actual) >= MIN_TEXT_SIMILARITY
  );
}

/**
 * Whether `candidate` is the pinned element: same tag and role, and text (or, for an element
 * without text such as a field or an image, accessible name) at least
 * {@link MIN_TEXT_SIMILARITY} alike. Every anchoring strategy's answer passes through here.
 */
export function isPinnedElement(candidate: Element, selectors: readonly TPinSelector[]): boolean {
  const role = selectorOf(selectors, 'RoleSelector');
  if (role) {
    if (candidate.tagName.toLowerCase() !== role.tagName) return false;
    if (roleOf(candidate) !== role.role) return false;
  }
  const quote = selectorOf(selectors, 'TextQuoteSelector');
  if (quote?.exact) return isSlightEdit(quote.exact, textOf(candidate));
  if (role?.name) return isSlightEdit(role.name, accessibleNameOf(candidate));
  // Nothing to compare but a tag: only an element that has no text either can be the one.
  return textOf(candidate) === '';
}
