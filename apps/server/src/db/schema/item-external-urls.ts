import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { items } from './items';

/** External URLs (http/https) of an item, in the order given. */
export const itemExternalUrls = pgTable(
  'item_external_urls',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    position: integer('position').notNull(),
  },
  (table) => [primaryKey({ name: 'item_external_urls_pkey', columns: [table.itemId, table.url] })],
);
