/** One keyboard shortcut of the side panel, as the `?` cheat sheet lists it. */
export type Shortcut = { keys: string[]; description: string };

/** Every shortcut of the side panel, in the order the cheat sheet shows them. */
export const SHORTCUTS: readonly Shortcut[] = [
  { keys: ['/'], description: 'Search the items' },
  { keys: ['j'], description: 'Next item' },
  { keys: ['k'], description: 'Previous item' },
  { keys: ['Enter'], description: 'Open the item' },
  { keys: ['Esc'], description: 'Back to the list' },
  { keys: ['n'], description: 'New item on this page' },
  { keys: ['s'], description: "Change the item's status or assignee" },
  { keys: ['Ctrl', 'Enter'], description: 'Save the item you are writing (⌘ Enter on a Mac)' },
  { keys: ['?'], description: 'Show these shortcuts' },
];

/** Ctrl+Enter, or ⌘+Enter on a Mac: saves the form being written, even from inside a field. */
export function isSaveShortcut(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}): boolean {
  return event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.altKey;
}

/**
 * Whether a key press belongs to what the user is typing: inside a text field, a select or a
 * rich-text editor, the panel's single-letter shortcuts must not fire.
 */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color'].includes(type);
}

/**
 * Whether a key press happens inside a dialog, popover or menu: those trap the focus and handle
 * Esc and arrows themselves.
 */
export function isInOverlay(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('[role="dialog"], [role="menu"]') !== null;
}
