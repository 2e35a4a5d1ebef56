/** The text of the elements an element's `aria-describedby` names: what a screen reader adds. */
export function descriptionOf(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

/**
 * The error a form field announces: its description while it is marked `aria-invalid`, '' for
 * a field without error.
 */
export function fieldError(field: HTMLElement): string {
  return field.getAttribute('aria-invalid') === 'true' ? descriptionOf(field) : '';
}

/** The values of text boxes, in order. */
export function valuesOf(boxes: HTMLElement[]): string[] {
  return boxes.map((box) => (box as HTMLInputElement).value);
}
