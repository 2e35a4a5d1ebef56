import { centsToDollars, type TLicenseInfoDetail } from '@waymark/core';
import { count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { licenses } from '../../db/schema';
import { getOrgPlan } from '../entitlements/index';

/** Licence counts of an organization: a licence is assigned to an Active or a Pending member. */
export async function countLicenses(
  db: DbOrTx,
  orgId: number,
): Promise<{ total: number; assigned: number }> {
  const [row] = await db
    .select({ total: count(), assigned: count(licenses.userId) })
    .from(licenses)
    .where(eq(licenses.orgId, orgId));
  return { total: row?.total ?? 0, assigned: row?.assigned ?? 0 };
}

/** spec §3 licence counts plus the plan they are priced at (issue 13). */
export async function getLicenseInfo(
  { db }: { db: DbOrTx },
  input: { orgId: number },
): Promise<TLicenseInfoDetail> {
  const plan = await getOrgPlan(db, input.orgId, { lock: 'none' });
  const { total, assigned } = await countLicenses(db, input.orgId);
  return {
    assignedLicenseCount: assigned,
    availableLicenseCount: total - assigned,
    totalLicenseCount: total,
    planId: plan.planId,
    planName: plan.planName,
    monthlyCostPerLicense: centsToDollars(plan.monthlyCostPerLicenseCents),
    canManageLicenses: plan.hasLicenseManagement,
    minimumLicenseCount: Math.max(1, assigned),
  };
}
