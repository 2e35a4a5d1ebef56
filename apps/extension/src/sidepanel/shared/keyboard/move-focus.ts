/** The attribute that marks the button of each list row (its value is the item id), for j/k. */
export const ROW_ATTRIBUTE = 'data-item-row';

/** The rows' open buttons in the order they are shown. */
function rowButtons(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>(`[${ROW_ATTRIBUTE}]`)];
}

/** The row button that has the focus, or contains it (e.g. its menu button). */
export function focusedRow(): HTMLElement | null {
  const active = document.activeElement;
  if (!active) return null;
  return rowButtons().find((row) => row.closest('li')?.contains(active)) ?? null;
}

/**
 * Moves the focus one row down (+1) or up (-1), from the focused row or, when none has it, to
 * the first row; stops at either end. Returns the focused row.
 */
export function moveRowFocus(step: 1 | -1): HTMLElement | null {
  const rows = rowButtons();
  if (rows.length === 0) return null;
  const current = focusedRow();
  const index = current ? rows.indexOf(current) : -1;
  const next = index === -1 ? rows[0] : rows[Math.min(rows.length - 1, Math.max(0, index + step))];
  next?.focus();
  // jsdom has no scrollIntoView.
  next?.scrollIntoView?.({ block: 'nearest' });
  return next ?? null;
}

/** Focuses the row of item `itemId`, when it is listed. */
export function focusRow(itemId: number): void {
  document.querySelector<HTMLElement>(`[${ROW_ATTRIBUTE}="${itemId}"]`)?.focus();
}
