import { normalizeText } from './text';
import { isContentText } from './text-index';

/** Which way {@link textAround} reads from the element. */
type Direction = 'before' | 'after';

/**
 * The page's text just before or after `element` (white space collapsed and trimmed), at least
 * `length` characters where the page has them: what its TextQuote prefix or suffix was cut from.
 * It reads only the neighbouring text nodes, so verifying a candidate costs a few nodes, not an
 * index of the whole page.
 */
export function textAround(element: Element, direction: Direction, length: number): string {
  const document = element.ownerDocument;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  walker.currentNode = element;
  // From an element, nextSibling() is the first text node after its whole subtree.
  const step = direction === 'before' ? () => walker.previousNode() : () => walker.nextNode();
  const parts: string[] = [];
  let collected = 0;
  for (
    let node = direction === 'before' ? walker.previousNode() : walker.nextSibling();
    node && collected <= length;
    node = step()
  ) {
    if (!isContentText(node)) continue;
    const data = (node as Text).data;
    if (direction === 'before') parts.unshift(data);
    else parts.push(data);
    collected += data.trim().length; // a lower bound of what it adds once white space collapses
  }
  return normalizeText(parts.join(''));
}
