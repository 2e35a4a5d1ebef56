import {
  AppError,
  formatCount,
  formatFeatureLimit,
  getPlan,
  hasFeature,
  PLAN_IDS,
  type Feature,
  type Plan,
} from '@waymark/core';
import { count, eq } from 'drizzle-orm';
import { organizations } from '../../db/schema/organizations';
import { associatedSites, projects } from '../../db/schema/projects';
import type { DbOrTx } from '../../db/client';

/**
 * The organization's current plan; an organization without one is on Free.
 * @param options.isLocked lock the org row until the transaction ends (default true), so
 *   limit checks and the insert they guard are serialised; plain feature checks pass false.
 */
export async function getOrgPlan(
  db: DbOrTx,
  orgId: number,
  { isLocked = true }: { isLocked?: boolean } = {},
): Promise<Plan> {
  const query = db
    .select({ planId: organizations.planId })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  const [org] = isLocked ? await query.for('update') : await query;
  return getPlan(org?.planId ?? PLAN_IDS.free);
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

/** {@link requireFeature} for the organization's current plan. */
export async function assertFeature(db: DbOrTx, orgId: number, feature: Feature): Promise<void> {
  requireFeature(await getOrgPlan(db, orgId, { isLocked: false }), feature);
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
