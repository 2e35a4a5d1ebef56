// Issue 27: a mail's link names its item in the page address's fragment (`#waymark-item=12`,
// written by the server's inboxEntryUrl). The panel opens that item when it shows that address,
// and the inbox asks for an item on a page that is already open. Nothing is taken out of the
// site's address: the fragment is only read.

const ITEM_FRAGMENT = /(?:^#|&)waymark-item=(\d{1,10})(?:&|$)/;

/** The address without its fragment: the page, as two links to it compare. */
export function pageOf(url: string): string {
  return url.split('#')[0] ?? url;
}

/** The item a link names in its fragment (`#waymark-item=12`), or null. */
export function itemIdInLink(url: string): number | null {
  const hash = url.indexOf('#');
  if (hash < 0) return null;
  const match = ITEM_FRAGMENT.exec(url.slice(hash));
  const itemId = Number(match?.[1]);
  return Number.isSafeInteger(itemId) && itemId > 0 ? itemId : null;
}

type Request = { page: string; itemId: number };
const listeners = new Set<(request: Request) => void>();
const waiting = new Map<string, number>();
/** Tab and address pairs whose fragment was already followed: shown again, the list stays. */
const followed = new Set<string>();

/**
 * Asks the panel to open `itemId` on the page at `url` (the inbox, after switching to a tab
 * that shows it): a panel already showing that page opens it at once, one about to show it
 * opens it first.
 */
export function requestItem(url: string, itemId: number): void {
  const request = { page: pageOf(url), itemId };
  waiting.set(request.page, itemId);
  listeners.forEach((listener) => listener(request));
}

/**
 * The item to open first when the panel starts showing `url` in tab `tabId`: one the inbox asked
 * for on that page, else the one the address's fragment names — once per tab and address, so
 * going back to the list and coming back to the tab does not open it again.
 */
export function takeItemToOpen(tabId: number, url: string): number | null {
  const page = pageOf(url);
  const asked = waiting.get(page);
  if (asked !== undefined) {
    waiting.delete(page);
    return asked;
  }
  const key = `${tabId}|${url}`;
  const named = itemIdInLink(url);
  if (named === null || followed.has(key)) return null;
  followed.add(key);
  return named;
}

/**
 * Whether the address's fragment names an item that tab `tabId` has not followed yet: the panel
 * then finds the item's organization first (issue 27's links across organizations).
 */
export function pendingLinkedItem(tabId: number, url: string): number | null {
  return followed.has(`${tabId}|${url}`) ? null : itemIdInLink(url);
}

/** Links whose item the caller cannot open, by tab and address: the panel says so while shown. */
const unreachable = new Map<string, number>();

/** Marks the link in tab `tabId` followed without opening it: its item cannot be opened. */
export function dropLinkedItem(tabId: number, url: string, itemId: number): void {
  followed.add(`${tabId}|${url}`);
  unreachable.set(`${tabId}|${url}`, itemId);
}

/** The item of a link in tab `tabId` that {@link dropLinkedItem} found unreachable, or null. */
export function unreachableLinkedItem(tabId: number, url: string): number | null {
  return unreachable.get(`${tabId}|${url}`) ?? null;
}

/** Calls `open` for each later request of an item on the page at `url`; returns a stop. */
export function onItemRequested(url: string, open: (itemId: number) => void): () => void {
  const page = pageOf(url);
  const listener = (request: Request) => {
    if (request.page !== page) return;
    waiting.delete(page);
    open(request.itemId);
  };
  listeners.add(listener);
  return () => listeners.delete(listener);
}
