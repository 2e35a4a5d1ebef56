import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { items } from './items';
import { projects } from './projects';

/**
 * Issue 28: which item each imported CSV row became, so that importing the same file again (or
 * 30 identical imports at once) updates or leaves that item instead of creating a duplicate. The
 * key is the row's external id when the file has one (`ext:<id>`), otherwise a hash of the row's
 * cells and its occurrence in the file (`row:<sha256>#<n>`) — see docs/decisions.md 0039. Removed with the item or the project.
 */
export const itemImportKeys = pgTable(
  'item_import_keys',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    importKey: text('import_key').notNull(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.projectId, table.importKey] }),
    index('item_import_keys_item_id_idx').on(table.itemId),
  ],
);
