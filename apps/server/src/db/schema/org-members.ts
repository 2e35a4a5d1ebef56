import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';
import { organizations } from './organizations';

/** Membership of a user in an organization: 1 = admin, 2 = member; Pending until accepted. */
export const orgMembers = pgTable(
  'org_members',
  {
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessLevelId: integer('access_level_id').notNull().default(2),
    status: text('status').notNull().default('Pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('org_members_org_id_user_id_key').on(table.orgId, table.userId),
    index('org_members_user_id_idx').on(table.userId),
    check('org_members_access_level_id_check', sql`${table.accessLevelId} in (1, 2)`),
    check('org_members_status_check', sql`${table.status} in ('Active', 'Pending')`),
  ],
);
