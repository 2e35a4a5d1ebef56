import type { TPinSelector } from '@waymark/core';

type SelectorOf<T extends TPinSelector['type']> = Extract<TPinSelector, { type: T }>;

/** The pin's selector of one type, if it has one. */
export function selectorOf<T extends TPinSelector['type']>(
  selectors: readonly TPinSelector[],
  type: T,
): SelectorOf<T> | undefined {
  return selectors.find((selector): selector is SelectorOf<T> => selector.type === type);
}
