import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

/** spec §3 Status of an organization (defaults seeded by seedOrgDefaults). */
export const itemStatuses = pgTable(
  'item_statuses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
  },
  (table) => [
    uniqueIndex('item_statuses_org_id_description_key').on(table.orgId, table.description),
  ],
);
