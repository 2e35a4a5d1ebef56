import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';
import { items } from './items';

/** Notes on an item: author and time (spec §1); written by the conversation module (issue 27). */
export const itemNotes = pgTable(
  'item_notes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When its author last edited it (issue 27); the earlier text is in the item's history. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (table) => [
    // In thread order: an item's newest notes and each earlier page are one index range (0138).
    index('item_notes_item_id_idx').on(table.itemId, table.createdAt, table.id),
  ],
);
