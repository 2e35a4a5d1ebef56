import { lazyStyled } from '../../shared/mantine-styles/all-mantine-styles';

// The bell's popover (Mantine's Popover, floating-ui, the list, the preferences form) loads on
// its first click, or once the list has painted (the page panel's preload) (issue 34).
const loadInboxPopover = () => import('./inbox-popover');

/** The bell with its popover (lazy). */
export const InboxPopover = lazyStyled(() =>
  loadInboxPopover().then((m) => ({ default: m.InboxPopover })),
);

/** Fetches the popover's code in the background, so the bell's first click does not wait. */
export function preloadInbox(): Promise<unknown> {
  return loadInboxPopover();
}
