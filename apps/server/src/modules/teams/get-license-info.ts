import type { TLicenseInfo } from '@waymark/core';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { licenses } from '../../db/schema';

/** spec §3 licence counts: a licence is assigned to an Active or a Pending member. */
export async function getLicenseInfo(
  { db }: { db: Db },
  input: { orgId: number },
): Promise<TLicenseInfo> {
  const [row] = await db
    .select({ total: count(), assigned: count(licenses.userId) })
    .from(licenses)
    .where(eq(licenses.orgId, input.orgId));
  const total = row?.total ?? 0;
  const assigned = row?.assigned ?? 0;
  return {
    assignedLicenseCount: assigned,
    availableLicenseCount: total - assigned,
    totalLicenseCount: total,
  };
}
