import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { items } from './items';

/**
 * Related items, linked both ways: one row per pair, stored normalised with the smaller id first
 * (the check), so a link cannot exist twice or one-sided. Read with `low = id or high = id`.
 */
export const itemRelations = pgTable(
  'item_relations',
  {
    lowItemId: integer('low_item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    highItemId: integer('high_item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ name: 'item_relations_pkey', columns: [table.lowItemId, table.highItemId] }),
    index('item_relations_high_item_id_idx').on(table.highItemId),
    check('item_relations_ordered_check', sql`${table.lowItemId} < ${table.highItemId}`),
  ],
);
