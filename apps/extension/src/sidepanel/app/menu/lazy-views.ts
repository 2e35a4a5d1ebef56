import { lazyStyled } from '../../shared/mantine-styles/all-mantine-styles';

// The header menu's code (Mantine's Menu, floating-ui) loads on its first click, or once the
// list has painted (the page panel's preload), not before the panel is interactive (issue 34).
const loadPanelMenu = () => import('./opened-panel-menu');

/** The panel's menu, mounted open (lazy). */
export const OpenedPanelMenu = lazyStyled(() =>
  loadPanelMenu().then((m) => ({ default: m.OpenedPanelMenu })),
);

/** Fetches the menu's code in the background, so its first click does not wait for it. */
export function preloadPanelMenu(): Promise<unknown> {
  return loadPanelMenu();
}
