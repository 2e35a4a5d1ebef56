import { authScenario } from './auth';
import { bulkEditScenario } from './bulk-edit';
import { captureScenario } from './capture';
import { exportMemoryScenario } from './export-memory';
import { itemImportScenario } from './item-import';
import { itemWritesScenario } from './item-writes';
import { liveStreamsScenario } from './live-streams';
import { mixedLoadScenario } from './mixed-load';
import { notificationFanOutScenario } from './notification-fan-out';
import { pageItemsScenario } from './page-items';
import { panelPaintScenario } from './panel-paint';
import { searchScenario } from './search';
import { searchLoadScenario } from './search-load';
import { skeletonScenario } from './skeleton';
import { workspacePageScenario } from './workspace-page';
import type { Scenario } from './types';
import { urlRulesScenario } from './url-rules';
import { urlRulesRehomeScenario } from './url-rules-rehome';

/** Every benchmark scenario, in the order `npm run bench` runs them. */
export const SCENARIOS: Scenario[] = [
  skeletonScenario,
  authScenario,
  pageItemsScenario,
  urlRulesScenario,
  urlRulesRehomeScenario,
  searchScenario,
  searchLoadScenario,
  exportMemoryScenario,
  itemImportScenario,
  bulkEditScenario,
  mixedLoadScenario,
  itemWritesScenario,
  liveStreamsScenario,
  notificationFanOutScenario,
  panelPaintScenario,
  workspacePageScenario,
  captureScenario,
];
