// Location pins in the side panel (issue 15): the page's pins, the item's pin section and the
// markers toggle. The page panel owns the page's pins and hands them to the item views.
export { MarkersToggle } from './markers-toggle';
export { PinSection } from './pin-section';
export { usePagePins, type PagePins } from './use-page-pins';
