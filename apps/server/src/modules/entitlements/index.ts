// The entitlements module's public file: what an organization's plan allows (spec §9) — its
// features and its limits on projects and sites — checked inside the caller's transaction and
// worded from core's feature gates. Billing will own the plan itself; every check lives here.
export {
  assertFeature,
  assertProjectLimit,
  assertSiteLimit,
  getOrgPlan,
  requireFeature,
} from './plan-limits';
