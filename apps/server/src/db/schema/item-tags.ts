import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { items } from './items';

/** Tags of an item, in the order given; unique per item. */
export const itemTags = pgTable(
  'item_tags',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ name: 'item_tags_pkey', columns: [table.itemId, table.tag] }),
    index('item_tags_tag_idx').on(sql`lower(${table.tag})`),
  ],
);
