import {
  AppError,
  formatCount,
  formatFeatureLimit,
  getPlan,
  hasFeature,
  PLAN_IDS,
  PLANS,
  type Feature,
  type Plan,
} from '@waymark/core';
import { count, eq, sql, type SQL } from 'drizzle-orm';
import { associatedSites, organizations, projects } from '../../db/schema';
import type { DbOrTx } from '../../db/client';

/**
 * The organization's current plan; an organization without one is on Free.
 * Called inside the caller's transaction, it locks the org row until that transaction ends, so a
 * plan change cannot slip between the check and the write it guards:
 * @param options.lock `update` (default) also serialises limit checks with the inserts they
 *   guard; `share` lets feature checks of one organization run side by side; `none` for reads
 *   that guard no write.
 */
export async function getOrgPlan(
  db: DbOrTx,
  orgId: number,
  { lock = 'update' }: { lock?: 'update' | 'share' | 'none' } = {},
): Promise<Plan> {
  const query = db
    .select({ planId: organizations.planId })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  const [org] = lock === 'none' ? await query : await query.for(lock);
  return getPlan(org?.planId ?? PLAN_IDS.free);
}

/**
 * {@link getOrgPlan}'s read with the `share` lock as a scalar subquery, for a write that folds its
 * plan check into a statement it sends anyway (issue 34: one round trip less per create). Give the
 * value it reads to {@link requireFeatures}.
 */
export function sharedPlanIdSql(orgId: number): SQL<number | null> {
  return sql<number | null>`(select ${organizations.planId} from ${organizations}
    where ${organizations.id} = ${orgId} for share)`;
}

/** {@link requireFeature} for each of `features`, on the plan `planId` read by {@link sharedPlanIdSql}. */
export function requireFeatures(planId: number | null, features: readonly Feature[]): void {
  const plan = getPlan(planId ?? PLAN_IDS.free);
  for (const feature of features) requireFeature(plan, feature);
}

/**
 * The ids of the plans that include `feature`, for a write that checks its plan inside its own
 * statement (`… where plan_id = any(ids)`), then calls {@link requireFeatures} when it wrote nothing.
 */
export function planIdsWithFeature(feature: Feature): number[] {
  return PLANS.filter((plan) => hasFeature(plan, feature)).map((plan) => plan.planId);
}

/**
 * spec §9 Features by plan: throws PLAN_LIMIT (409) naming the feature and the plan to upgrade
 * to, unless `plan` includes `feature`. Only writes are gated: reading what an organization
 * recorded before a downgrade never is.
 */
export function requireFeature(plan: Plan, feature: Feature): void {
  if (!hasFeature(plan, feature))
    throw new AppError('PLAN_LIMIT', formatFeatureLimit(plan, feature));
}

/**
 * {@link requireFeature} for the organization's current plan. Call it in the transaction that
 * writes: the row stays share-locked until it ends, so a downgrade waits for the write.
 */
export async function assertFeature(db: DbOrTx, orgId: number, feature: Feature): Promise<void> {
  requireFeature(await getOrgPlan(db, orgId, { lock: 'share' }), feature);
}

/**
 * spec §9 Allowed projects: throws PLAN_LIMIT when the organization has as many projects as its
 * plan allows. Call inside the creating transaction: the org row lock serialises creators.
 */
export async function assertProjectLimit(db: DbOrTx, orgId: number): Promise<void> {
  const plan = await getOrgPlan(db, orgId);
  if (plan.maxProjects === null) return;
  const [row] = await db.select({ n: count() }).from(projects).where(eq(projects.orgId, orgId));
  if ((row?.n ?? 0) >= plan.maxProjects)
    throw new AppError(
      'PLAN_LIMIT',
      `Your ${plan.planName} plan allows ${formatCount(plan.maxProjects, 'project')}. Upgrade your plan to add more.`,
    );
}

/** spec §9 Sites per project: throws PLAN_LIMIT when the project has as many as the plan allows. */
export async function assertSiteLimit(
  db: DbOrTx,
  scope: { orgId: number; projectId: number },
): Promise<void> {
  const plan = await getOrgPlan(db, scope.orgId);
  if (plan.maxSitesPerProject === null) return;
  const [row] = await db
    .select({ n: count() })
    .from(associatedSites)
    .where(eq(associatedSites.projectId, scope.projectId));
  if ((row?.n ?? 0) >= plan.maxSitesPerProject)
    throw new AppError(
      'PLAN_LIMIT',
      `Your ${plan.planName} plan allows ${formatCount(plan.maxSitesPerProject, 'site')} per project. Upgrade your plan to add more.`,
    );
}
