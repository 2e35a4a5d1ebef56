// The entitlements module's public file: what an organization's plan allows (spec §9) — its
// features and its limits on projects and sites — checked inside the caller's transaction and
// worded from core's feature gates. Billing will own the plan itself; every check lives here.
import { defineModule } from '../module';
export {
  assertFeature,
  assertProjectLimit,
  assertSiteLimit,
  getOrgPlan,
  planIdsWithFeature,
  requireFeature,
  requireFeatures,
  sharedPlanIdSql,
} from './plan-limits';

/** The entitlements module's manifest: other modules call it; it registers nothing. */
export const entitlementsModule = defineModule({
  name: 'entitlements',
  summary: "What a plan allows: features and limits, checked in the caller's transaction.",
  dependsOn: [],
  ownsTables: [],
});
