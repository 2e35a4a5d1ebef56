import { pageItemsScenario } from './page-items';
import { skeletonScenario } from './skeleton';
import type { Scenario } from './types';

/** Every benchmark scenario, in the order `npm run bench` runs them. */
export const SCENARIOS: Scenario[] = [skeletonScenario, pageItemsScenario];
