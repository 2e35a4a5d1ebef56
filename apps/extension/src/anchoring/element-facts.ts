import { computeAccessibleName, getRole } from 'dom-accessibility-api';
import { normalizeText } from './text';
import { MAX_COMPARED_LENGTH } from './thresholds';

/** An element's own text as pins compare it: white space collapsed, at most 2000 characters. */
export function textOf(element: Element): string {
  return normalizeText(element.textContent ?? '').slice(0, 2000);
}

/** The element's ARIA role (explicit or implicit), '' when it has none. */
export function roleOf(element: Element): string {
  return getRole(element) ?? '';
}

/** The element's accessible name (dom-accessibility-api, per the W3C accname algorithm). */
export function accessibleNameOf(element: Element): string {
  return normalizeText(computeAccessibleName(element)).slice(0, MAX_COMPARED_LENGTH);
}

/**
 * Where the element is, in words a person recognises: up to four ancestors and the element,
 * each as its tag with its id or test id when it has one (`main > form#signup > button`).
 */
export function pathOf(element: Element): string {
  const steps: string[] = [];
  for (let node: Element | null = element; node && steps.length < 5; node = node.parentElement) {
    if (node.tagName === 'BODY' || node.tagName === 'HTML') break;
    const tag = node.tagName.toLowerCase();
    const testId = node.getAttribute('data-testid');
    steps.unshift(node.id ? `${tag}#${node.id}` : testId ? `${tag}[${testId}]` : tag);
  }
  return steps.join(' > ') || element.tagName.toLowerCase();
}
