import { ISLAND } from './markers';

const NAVIGATION_KEYS = ['ArrowDown', 'ArrowUp', 'Home', 'End'];

/**
 * Makes the pre-rendered Mantine accordions (FAQ, user guide, Quick tips) open and close as
 * Mantine's do: a click toggles a section (in a single accordion, opening one closes the others),
 * the chevron turns, and Arrow Up/Down, Home and End move between the section buttons. It
 * toggles the same attributes Mantine renders, so Mantine's stylesheet paints every state.
 */
export function wireAccordions(root: Document): void {
  for (const accordion of root.querySelectorAll<HTMLElement>(`[${ISLAND.accordion}]`)) {
    const isMultiple = accordion.getAttribute(ISLAND.accordion) === 'multiple';
    const controls = [...accordion.querySelectorAll<HTMLButtonElement>('button[aria-controls]')];
    for (const control of controls) {
      control.addEventListener('click', () => {
        const willOpen = control.getAttribute('aria-expanded') !== 'true';
        if (willOpen && !isMultiple)
          for (const other of controls) if (other !== control) setOpen(root, other, false);
        setOpen(root, control, willOpen);
      });
      control.addEventListener('keydown', (event) => {
        if (!NAVIGATION_KEYS.includes(event.key)) return;
        event.preventDefault();
        const index = controls.indexOf(control);
        const last = controls.length - 1;
        const next = {
          ArrowDown: index === last ? 0 : index + 1,
          ArrowUp: index === 0 ? last : index - 1,
          Home: 0,
          End: last,
        }[event.key as 'ArrowDown'];
        controls[next]?.focus();
      });
    }
  }
}

function setOpen(root: Document, control: HTMLButtonElement, isOpen: boolean): void {
  control.setAttribute('aria-expanded', String(isOpen));
  const panel = root.getElementById(control.getAttribute('aria-controls') ?? '');
  const item = panel?.parentElement;
  const chevron = control.querySelector('.mantine-Accordion-chevron');
  for (const element of [control, item]) flag(element, 'data-active', isOpen);
  flag(chevron, 'data-rotate', isOpen);
  if (!panel) return;
  // What Mantine's Collapse renders for a closed and an open panel.
  Object.assign(panel.style, {
    display: isOpen ? '' : 'none',
    height: isOpen ? '' : '0',
    overflow: isOpen ? '' : 'hidden',
    opacity: isOpen ? '1' : '0',
  });
  panel.setAttribute('aria-hidden', String(!isOpen));
  panel.inert = !isOpen;
}

function flag(element: Element | null | undefined, name: string, isOn: boolean): void {
  if (isOn) element?.setAttribute(name, 'true');
  else element?.removeAttribute(name);
}
