import type { TPinSelector } from '@waymark/core';
import { accessibleNameOf, roleOf, textOf } from './element-facts';
import { selectorOf } from './pin-selectors';
import { textSimilarity } from './text';
import { MIN_TEXT_SIMILARITY } from './thresholds';

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
  if (quote?.exact) return textSimilarity(quote.exact, textOf(candidate)) >= MIN_TEXT_SIMILARITY;
  if (role?.name)
    return textSimilarity(role.name, accessibleNameOf(candidate)) >= MIN_TEXT_SIMILARITY;
  // Nothing to compare but a tag: only an element that has no text either can be the one.
  return textOf(candidate) === '';
}
