import { ADMIN_ACCESS_LEVEL_ID } from '@waymark/core';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { inboxEntries, orgMembers, projectAccess, projects } from '../../db/schema';

/**
 * SQL condition: the current `inbox_entries` row's project can still be used by its recipient
 * (spec §6). Entries of a project someone lost are neither listed, counted nor mailed.
 */
export function recipientCanSee(): SQL {
  return sql`exists (
    select 1 from ${projects} join ${orgMembers} on ${orgMembers.orgId} = ${projects.orgId}
    where ${projects.id} = ${inboxEntries.projectId} and ${orgMembers.userId} = ${inboxEntries.userId}
      and ${orgMembers.status} = 'Active'
      and (${orgMembers.accessLevelId} = ${ADMIN_ACCESS_LEVEL_ID} or exists (
        select 1 from ${projectAccess}
        where ${projectAccess.projectId} = ${projects.id}
          and ${projectAccess.userId} = ${inboxEntries.userId})))`;
}

/** How many notifications `userId` has not read (of projects they can still see). */
export async function countUnread(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(inboxEntries)
    .where(and(eq(inboxEntries.userId, userId), isNull(inboxEntries.readAt), recipientCanSee()));
  return row?.count ?? 0;
}
