import type { TAuditEvent, TAuditFilter } from '@waymark/core';
import { and, eq, gte, ilike, inArray, lt, lte, or, type SQL } from 'drizzle-orm';
import { auditEvents } from '../../db/schema';

// LIKE's wildcards in the searched text are meant literally.
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The SQL condition of an organization's audit rows matching `filter`, older than `before`. */
export function auditCondition(orgId: number, filter: TAuditFilter, before?: number): SQL {
  const conditions: (SQL | undefined)[] = [eq(auditEvents.orgId, orgId)];
  if (filter.actorUserId !== undefined)
    conditions.push(eq(auditEvents.actorUserId, filter.actorUserId));
  if (filter.actions?.length) conditions.push(inArray(auditEvents.action, filter.actions));
  if (filter.target) {
    const pattern = `%${escapeLike(filter.target)}%`;
    conditions.push(
      or(ilike(auditEvents.targetLabel, pattern), ilike(auditEvents.targetId, pattern)),
    );
  }
  if (filter.from) conditions.push(gte(auditEvents.at, new Date(filter.from)));
  if (filter.to) conditions.push(lte(auditEvents.at, new Date(filter.to)));
  if (before !== undefined) conditions.push(lt(auditEvents.id, before));
  return and(...conditions)!;
}

/** A stored row as the API answers it. */
export function toAuditEvent(row: typeof auditEvents.$inferSelect): TAuditEvent {
  return {
    id: row.id,
    at: row.at.toISOString(),
    action: row.action,
    actor: { userId: row.actorUserId, label: row.actorLabel },
    target: { type: row.targetType, id: row.targetId, label: row.targetLabel },
    before: row.before ?? null,
    after: row.after ?? null,
    ip: row.ip,
    userAgent: row.userAgent,
  };
}
