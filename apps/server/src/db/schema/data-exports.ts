import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { users } from './users';

/**
 * Issue 33: archives prepared by the data-export module — a person's own data (`personal`) or a
 * whole organization (`organization`). A row is inserted `preparing` with its job in one
 * transaction; the partial unique indexes allow one `preparing` archive per person and per
 * organization, so 30 concurrent requests make one row, one job and one mail. The job writes the
 * file under `storage_key` (never an attachment key) and marks the row `ready` with its expiry;
 * the purge job deletes the file and then the row once `expires_at` has passed. A new ready
 * archive replaces its owner's previous one (decision 0136): one ready per person and per
 * organization.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ['personal', 'organization'] }).notNull(),
    /** Who asked; the personal archive's subject, and the one its mail goes to. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The organization archived (`organization` kind); null for a personal archive. */
    orgId: integer('org_id').references(() => organizations.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['preparing', 'ready', 'failed'] })
      .notNull()
      .default('preparing'),
    storageKey: text('storage_key').unique(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('data_exports_one_personal_preparing')
      .on(table.userId)
      .where(sql`kind = 'personal' and status = 'preparing'`),
    uniqueIndex('data_exports_one_organization_preparing')
      .on(table.orgId)
      .where(sql`kind = 'organization' and status = 'preparing'`),
    // Decision 0136: one ready archive per owner too — a new one replaces the last (its file
    // deleted after the commit), so asking again and again cannot fill the disk.
    uniqueIndex('data_exports_one_personal_ready')
      .on(table.userId)
      .where(sql`kind = 'personal' and status = 'ready'`),
    uniqueIndex('data_exports_one_organization_ready')
      .on(table.orgId)
      .where(sql`kind = 'organization' and status = 'ready'`),
    index('data_exports_user_id_idx').on(table.userId, table.id),
    index('data_exports_org_id_idx').on(table.orgId, table.id),
    index('data_exports_expires_at_idx').on(table.expiresAt),
    check('data_exports_kind_check', sql`${table.kind} in ('personal', 'organization')`),
    check('data_exports_status_check', sql`${table.status} in ('preparing', 'ready', 'failed')`),
    check(
      'data_exports_org_check',
      sql`(${table.kind} = 'organization') = (${table.orgId} is not null)`,
    ),
  ],
);
