import { index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { itemNotes } from './item-notes';
import { users } from './users';

/**
 * Who a note mentions (issue 27): the note's text holds `@[user:ID]` tokens, shown with the
 * user's current name, so a mention survives a rename. One row per mentioned user.
 */
export const noteMentions = pgTable(
  'note_mentions',
  {
    noteId: integer('note_id')
      .notNull()
      .references(() => itemNotes.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ name: 'note_mentions_pkey', columns: [table.noteId, table.userId] }),
    index('note_mentions_user_id_idx').on(table.userId),
  ],
);
