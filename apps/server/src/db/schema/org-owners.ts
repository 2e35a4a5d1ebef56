import { integer, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';
import { organizations } from './organizations';

/**
 * The creator of each organization. `user_id` is unique: issue 3 / spec §8 allow one
 * organization per creator, and the database enforces it even under concurrent requests.
 */
export const orgOwners = pgTable(
  'org_owners',
  {
    orgId: integer('org_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [uniqueIndex('org_owners_user_id_key').on(table.userId)],
);
