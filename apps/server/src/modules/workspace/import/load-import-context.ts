import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { associatedSites } from '../../../db/schema';
import type { ProjectScope } from '../../access/index';
import { getOrgPlan } from '../../entitlements/index';
import {
  getAssigneeOptions,
  getItemTypeOptions,
  getReleaseOptions,
  getStatusOptions,
} from '../../items/index';
import type { ImportContext } from './resolve-import-row';

const byLowerName = <T>(rows: T[], name: (row: T) => string, id: (row: T) => number) => {
  const map = new Map<string, number>();
  // The first of two names differing only in case wins, as the organization created them.
  for (const row of rows)
    if (!map.has(name(row).toLowerCase())) map.set(name(row).toLowerCase(), id(row));
  return map;
};

/**
 * Reads, in the import's transaction, what rows are resolved against: the organization's types
 * and statuses, the project's releases, assignable members, sites and the plan (share-locked, so
 * a downgrade waits for the import).
 */
export async function loadImportContext(db: DbOrTx, scope: ProjectScope): Promise<ImportContext> {
  const [types, statuses, releases, assignees, sites, plan] = [
    await getItemTypeOptions({ db }, scope),
    await getStatusOptions({ db }, scope),
    await getReleaseOptions({ db }, scope),
    await getAssigneeOptions({ db }, scope),
    await db
      .select({ projectId: associatedSites.projectId, baseUrl: associatedSites.baseUrl })
      .from(associatedSites)
      .where(eq(associatedSites.projectId, scope.projectId))
      .orderBy(asc(associatedSites.id)),
    await getOrgPlan(db, scope.orgId, { lock: 'share' }),
  ];
  return {
    types: byLowerName(
      types,
      (row) => row.itemTypeDescription,
      (row) => row.itemTypeId,
    ),
    statuses: byLowerName(
      statuses,
      (row) => row.itemStatusDescription,
      (row) => row.itemStatusId,
    ),
    releases: byLowerName(
      releases,
      (row) => row.releaseTitle,
      (row) => row.releaseId,
    ),
    assignees: byLowerName(
      assignees,
      (row) => row.email,
      (row) => row.userId,
    ),
    sites,
    plan,
  };
}
