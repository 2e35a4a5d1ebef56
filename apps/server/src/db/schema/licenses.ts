import { index, integer, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';
import { organizations } from './organizations';

/** Licences (seats) of an organization; `user_id` is the user it is assigned to, or null when free. */
export const licenses = pgTable(
  'licenses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('licenses_org_id_idx').on(table.orgId),
    uniqueIndex('licenses_org_id_user_id_key').on(table.orgId, table.userId),
  ],
);
