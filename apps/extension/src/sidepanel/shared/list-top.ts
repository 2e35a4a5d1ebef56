/** Where the panel's item list started last time (px from the page's top), kept across openings. */
const LIST_TOP_KEY = 'waymark:list-top';

/**
 * Remembers where the React panel laid out its item list, so the next pre-paint puts its rows
 * there and the panel's controls fill in above them instead of pushing them down.
 */
export function rememberListTop(list: Element, storage: Storage = localStorage): void {
  storage.setItem(LIST_TOP_KEY, String(Math.round(list.getBoundingClientRect().top + scrollY)));
}

/** The list's top remembered by {@link rememberListTop}; null before the first. */
export function readListTop(storage: Storage = localStorage): number | null {
  const value = Number(storage.getItem(LIST_TOP_KEY));
  return Number.isFinite(value) && value > 0 ? value : null;
}
