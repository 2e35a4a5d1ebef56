import { accessibleNameOf, textOf } from '../../anchoring/index';

/**
 * Pick mode: a transparent layer over the page takes the pointer (the page gets no clicks),
 * outlines the element under it with a label saying what it is; a click chooses that element,
 * Esc cancels (null).
 */
export function pickElement(view: Window, root: ShadowRoot): Promise<Element | null> {
  const doc = view.document;
  const catcher = doc.createElement('div');
  catcher.className = 'catcher';
  catcher.setAttribute('aria-label', 'Click the element to pin, or press Esc to cancel');
  const hover = doc.createElement('div');
  hover.className = 'hover';
  hover.hidden = true;
  const label = doc.createElement('div');
  label.className = 'label';
  label.hidden = true;
  root.append(catcher, hover, label);

  const elementAt = (x: number, y: number): Element | null =>
    doc
      .elementsFromPoint(x, y)
      .find((element) => !root.host.contains(element) && element !== root.host) ?? null;

  return new Promise((resolve) => {
    let current: Element | null = null;
    const finish = (chosen: Element | null) => {
      catcher.remove();
      hover.remove();
      label.remove();
      view.removeEventListener('keydown', onKey, true);
      resolve(chosen);
    };
    const onMove = (event: MouseEvent) => {
      current = elementAt(event.clientX, event.clientY);
      if (!current) return;
      const rect = current.getBoundingClientRect();
      Object.assign(hover.style, {
        left: `${rect.left}px`,
        top: `${rect.top}px`,
        width: `${rect.width}px`,
        height: `${rect.height}px`,
      });
      const words = accessibleNameOf(current) || textOf(current).slice(0, 60);
      label.textContent = `${current.tagName.toLowerCase()}${words ? ` · ${words}` : ''}`;
      label.style.left = `${rect.left}px`;
      label.style.top = `${rect.top > 28 ? rect.top - 26 : rect.bottom + 4}px`;
      hover.hidden = false;
      label.hidden = false;
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      finish(null);
    };
    catcher.addEventListener('mousemove', onMove);
    catcher.addEventListener('click', (event) => {
      event.preventDefault();
      event.stopPropagation();
      finish(elementAt(event.clientX, event.clientY));
    });
    view.addEventListener('keydown', onKey, true);
  });
}
