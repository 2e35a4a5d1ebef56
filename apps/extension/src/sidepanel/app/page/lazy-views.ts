import { preloadInbox } from '../../features/inbox/index';
import { preloadItemViews } from '../../features/items/index';
import { preloadProjectViews } from '../../features/projects/index';
import { preloadPanelMenu } from '../menu/lazy-views';
import { loadAllMantineStyles } from '../../shared/mantine-styles/all-mantine-styles';

/**
 * Fetches the lazy views' code in the background, so opening an item, a menu or a popover does
 * not wait for it.
 */
export function preloadViews(): void {
  void Promise.all([
    preloadItemViews(),
    preloadProjectViews(),
    preloadInbox(),
    preloadPanelMenu(),
    loadAllMantineStyles(),
  ]).catch(() => undefined);
}
