// The public surface of the items feature: the page's list, an item's detail and form (lazy),
// the undo notices, and the page's pins (pins/, attachments/ and environment/ are parts of the
// items feature: item views embed them). The app imports it from here only (eslint.config.js).
export { ItemsSection } from './items-section';
export { ItemDetail, ItemForm, preloadItemViews } from './lazy-views';
export { UndoProvider } from './list/undo-provider';
export { usePagePins } from './pins/index';
