import { ADMIN_ACCESS_LEVEL_ID } from '@waymark/core';
import { sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import { orgMembers, projectAccess, projects } from '../../db/schema';

/**
 * SQL condition: `userId` (a value or a column) may use the project in the current row of `projects` (spec §6) — an
 * active admin of its organization, or an active member granted access to it.
 */
export function canUseProject(userId: number | Placeholder | AnyColumn): SQL {
  return sql`exists (
    select 1 from ${orgMembers}
    where ${orgMembers.orgId} = ${projects.orgId} and ${orgMembers.userId} = ${userId}
      and ${orgMembers.status} = 'Active'
      and (${orgMembers.accessLevelId} = ${ADMIN_ACCESS_LEVEL_ID} or exists (
        select 1 from ${projectAccess}
        where ${projectAccess.projectId} = ${projects.id} and ${projectAccess.userId} = ${userId})))`;
}
