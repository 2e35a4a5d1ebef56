import { preloadItemViews } from '../../features/items/index';
import { preloadProjectViews } from '../../features/projects/index';

/** Fetches the lazy views' code in the background, so opening an item does not wait for it. */
export function preloadViews(): void {
  void Promise.all([preloadItemViews(), preloadProjectViews()]).catch(() => undefined);
}
