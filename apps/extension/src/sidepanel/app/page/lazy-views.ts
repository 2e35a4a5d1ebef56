import { lazy } from 'react';

// The list is the panel's first screen; these views load only when asked for (or once the list
// has painted, see preloadViews), keeping their code and Mantine components off the first paint.
const loadItemDetail = () => import('../../features/items/item-detail');
const loadItemForm = () => import('../../features/items/item-form');
const loadNoProjectCard = () => import('../../features/projects/no-project-card');

/** An item opened in full (lazy). */
export const ItemDetail = lazy(() => loadItemDetail().then((m) => ({ default: m.ItemDetail })));
/** The new and edit item form (lazy). */
export const ItemForm = lazy(() => loadItemForm().then((m) => ({ default: m.ItemForm })));
/** What a page outside every project offers (lazy). */
export const NoProjectCard = lazy(() =>
  loadNoProjectCard().then((m) => ({ default: m.NoProjectCard })),
);

/** Fetches the lazy views' code in the background, so opening an item does not wait for it. */
export function preloadViews(): void {
  void Promise.all([loadItemDetail(), loadItemForm(), loadNoProjectCard()]).catch(() => undefined);
}
