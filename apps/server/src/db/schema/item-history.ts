import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';
import { items } from './items';

/** Every change of an item (spec §1 history): who, when, which field, before and after. */
export const itemHistory = pgTable(
  'item_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    field: text('field').notNull(),
    before: text('before'),
    after: text('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // In timeline order: an item's newest entries and each older page are one index range (0138).
    index('item_history_item_id_idx').on(table.itemId, table.createdAt, table.id),
  ],
);
