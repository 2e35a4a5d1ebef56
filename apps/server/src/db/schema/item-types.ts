import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

/** spec §3 Item type of an organization (defaults seeded by seedOrgDefaults). */
export const itemTypes = pgTable(
  'item_types',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
  },
  (table) => [uniqueIndex('item_types_org_id_description_key').on(table.orgId, table.description)],
);
