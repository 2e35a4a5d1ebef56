import { lazyStyled } from '../../shared/mantine-styles/all-mantine-styles';

// The list is the panel's first screen; these views load only when asked for (or once the list
// has painted, see the page panel's preload), keeping their code and Mantine components off the
// first paint. The list's own popups (the filter popover, a row's menu: Mantine's Popover and
// Menu, floating-ui) too: their buttons are plain until first used (issue 34).
const loadItemDetail = () => import('./item-detail');
const loadItemForm = () => import('./item-form');
const loadFilterPopover = () => import('./list/filter-popover');
const loadRowMenu = () => import('./list/opened-row-menu');

/** An item opened in full (lazy). */
export const ItemDetail = lazyStyled(() =>
  loadItemDetail().then((m) => ({ default: m.ItemDetail })),
);
/** The new and edit item form (lazy). */
export const ItemForm = lazyStyled(() => loadItemForm().then((m) => ({ default: m.ItemForm })));
/** The filter bar's button with its popover, mounted open (lazy). */
export const FilterPopover = lazyStyled(() =>
  loadFilterPopover().then((m) => ({ default: m.FilterPopover })),
);
/** A row's menu, mounted open (lazy). */
export const OpenedRowMenu = lazyStyled(() =>
  loadRowMenu().then((m) => ({ default: m.OpenedRowMenu })),
);

/** Fetches the item views' code in the background, so opening an item does not wait for it. */
export function preloadItemViews(): Promise<unknown> {
  return Promise.all([loadItemDetail(), loadItemForm(), loadFilterPopover(), loadRowMenu()]);
}
