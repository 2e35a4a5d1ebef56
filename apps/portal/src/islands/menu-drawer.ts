import { ISLAND } from './markers';

const TITLE_ID = 'menu-drawer-title';
const CLOSE_ICON =
  '<svg viewBox="0 0 15 15" width="16" height="16" aria-hidden="true"><path d="M11.78 4.03a.75.75 0 0 0-1.06-1.06L7.5 6.19 4.28 2.97a.75.75 0 0 0-1.06 1.06L6.44 7.5l-3.22 3.22a.75.75 0 1 0 1.06 1.06L7.5 8.81l3.22 3.22a.75.75 0 1 0 1.06-1.06L8.81 7.5l3.22-3.47Z" fill="currentColor"/></svg>';

/**
 * The phone-width menu (below 768px) of a pre-rendered page: the burger opens a modal dialog named
 * Menu from the right with the top bar's links and buttons (the `<template>` the top bar renders
 * at build time). A native `<dialog>` shown with `showModal()` keeps focus inside, makes the page
 * behind it inert and closes on Escape; a click on the backdrop or the close button closes it
 * too, and focus returns to the burger.
 */
export function wireMenuDrawer(root: Document): void {
  const burger = root.querySelector<HTMLButtonElement>(`[${ISLAND.menuButton}]`);
  const content = root.querySelector<HTMLTemplateElement>(`template[${ISLAND.menuContent}]`);
  if (!burger || !content) return;
  let dialog: HTMLDialogElement | undefined;
  const setExpanded = (isOpen: boolean) => {
    burger.setAttribute('aria-expanded', String(isOpen));
    burger.setAttribute('aria-label', isOpen ? 'Close menu' : 'Open menu');
    const lines = burger.firstElementChild;
    if (isOpen) lines?.setAttribute('data-opened', 'true');
    else lines?.removeAttribute('data-opened');
  };
  burger.addEventListener('click', () => {
    dialog ??= createDialog(root, content, () => setExpanded(false));
    if (dialog.open) {
      dialog.close();
      return;
    }
    dialog.showModal();
    setExpanded(true);
  });
}

function createDialog(
  root: Document,
  content: HTMLTemplateElement,
  onClose: () => void,
): HTMLDialogElement {
  const dialog = root.createElement('dialog');
  dialog.className = 'menu-drawer';
  dialog.setAttribute('aria-labelledby', TITLE_ID);
  const header = root.createElement('div');
  header.className = 'menu-drawer-header';
  const title = root.createElement('h2');
  title.id = TITLE_ID;
  title.className = 'menu-drawer-title';
  title.textContent = 'Menu';
  const close = root.createElement('button');
  close.type = 'button';
  close.className = 'menu-drawer-close';
  close.setAttribute('aria-label', 'Close menu');
  close.innerHTML = CLOSE_ICON;
  close.addEventListener('click', () => dialog.close());
  header.append(title, close);
  const body = root.createElement('div');
  body.className = 'menu-drawer-body';
  body.append(content.content.cloneNode(true));
  const panel = root.createElement('div');
  panel.className = 'menu-drawer-content';
  panel.append(header, body);
  dialog.append(panel);
  // The content fills the dialog, so a click on the dialog element itself is on the backdrop.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
  dialog.addEventListener('close', onClose);
  root.body.append(dialog);
  return dialog;
}
