import { authScenario } from './auth';
import { itemImportScenario } from './item-import';
import { liveStreamsScenario } from './live-streams';
import { mixedLoadScenario } from './mixed-load';
import { notificationFanOutScenario } from './notification-fan-out';
import { pageItemsScenario } from './page-items';
import { panelPaintScenario } from './panel-paint';
import { searchScenario } from './search';
import { skeletonScenario } from './skeleton';
import type { Scenario } from './types';
import { urlRulesScenario } from './url-rules';

/** Every benchmark scenario, in the order `npm run bench` runs them. */
export const SCENARIOS: Scenario[] = [
  skeletonScenario,
  authScenario,
  pageItemsScenario,
  urlRulesScenario,
  searchScenario,
  itemImportScenario,
  mixedLoadScenario,
  liveStreamsScenario,
  notificationFanOutScenario,
  panelPaintScenario,
];
