import { lazyStyled } from '../../shared/mantine-styles/all-mantine-styles';

// Off the first paint: loaded when a page outside every project is shown, or preloaded.
const loadNoProjectCard = () => import('./no-project-card');

/** What a page outside every project offers (lazy). */
export const NoProjectCard = lazyStyled(() =>
  loadNoProjectCard().then((m) => ({ default: m.NoProjectCard })),
);

/** Fetches the no-project card's code in the background. */
export function preloadProjectViews(): Promise<unknown> {
  return loadNoProjectCard();
}
