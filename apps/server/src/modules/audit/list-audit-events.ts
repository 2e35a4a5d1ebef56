import type { TAuditFilter, TAuditPage } from '@waymark/core';
import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditEvents } from '../../db/schema';
import { auditCondition, toAuditEvent } from './audit-query';

/**
 * A page of an organization's audit log, newest first (keyset paging on the row id, which
 * grows with time: a row written while an admin pages does not shift the next page).
 */
export async function listAuditEvents(
  { db }: { db: Db },
  input: { orgId: number; filter: TAuditFilter; before?: number; limit: number },
): Promise<TAuditPage> {
  const rows = await db
    .select()
    .from(auditEvents)
    .where(auditCondition(input.orgId, input.filter, input.before))
    .orderBy(desc(auditEvents.id))
    .limit(input.limit + 1);
  return {
    events: rows.slice(0, input.limit).map(toAuditEvent),
    hasMore: rows.length > input.limit,
  };
}
