import type { TOrgPlan } from '@waymark/core';
import type { Db } from '../../db/client';
import { getOrgPlan as readOrgPlan } from './plan-limits';

/** The organization's current plan (Free when it has none), for the portal's limit hints. */
export async function getOrgPlan({ db }: { db: Db }, input: { orgId: number }): Promise<TOrgPlan> {
  const plan = await readOrgPlan(db, input.orgId, { lock: 'none' });
  return { currentPlanId: plan.planId, currentPlanName: plan.planName };
}
