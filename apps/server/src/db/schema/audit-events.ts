import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The audit log (issue 33): one row per administrative change, written in the transaction of the
 * change by the audit module's `recordAudit`. Append-only: a trigger (migration, hand-written
 * part) refuses UPDATE and TRUNCATE, and DELETE except by the retention purge. No foreign keys:
 * a row outlives the user, token or webhook it names, so names are copied in (`*_label`).
 * `org_id` null: an account-level event, in no organization's log.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id'),
    at: timestamp('at', { withTimezone: true }).notNull(),
    action: text('action').notNull(),
    /** The acting user; null when the system acted (a billing job, the retention purge). */
    actorUserId: integer('actor_user_id'),
    /** The actor's name and e-mail when they acted. */
    actorLabel: text('actor_label').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    targetLabel: text('target_label').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (table) => [
    index('audit_events_org_id_idx').on(table.orgId, table.id),
    index('audit_events_at_idx').on(table.at),
  ],
);
