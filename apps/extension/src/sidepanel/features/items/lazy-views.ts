import { lazy } from 'react';

// The list is the panel's first screen; these views load only when asked for (or once the list
// has painted, see the page panel's preload), keeping their code and Mantine components off the
// first paint.
const loadItemDetail = () => import('./item-detail');
const loadItemForm = () => import('./item-form');

/** An item opened in full (lazy). */
export const ItemDetail = lazy(() => loadItemDetail().then((m) => ({ default: m.ItemDetail })));
/** The new and edit item form (lazy). */
export const ItemForm = lazy(() => loadItemForm().then((m) => ({ default: m.ItemForm })));

/** Fetches the item views' code in the background, so opening an item does not wait for it. */
export function preloadItemViews(): Promise<unknown> {
  return Promise.all([loadItemDetail(), loadItemForm()]);
}
