import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { items } from './items';
import { regconfig, tsvector } from './search-config';

/**
 * Issue 28: the full-text search document of each item. Every text column is a copy kept by
 * database triggers (hand-written part of migration 0017_workspace) from items, item_tags,
 * item_notes and item_attachments — application code never writes here — and `document` is a
 * generated tsvector over them, weighted so that title matches rank first (A title, B tags,
 * C description, D notes and attachment names). A table of its own, not columns on items: the
 * triggers on items feed the change feed and live events, which a note added elsewhere must not
 * wake as if the item had changed.
 */
export const itemSearch = pgTable(
  'item_search',
  {
    itemId: integer('item_id')
      .primaryKey()
      .references(() => items.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').notNull(),
    /** The organization's search language when the row was last written. */
    searchConfig: regconfig('search_config')
      .notNull()
      .default(sql`'english'::regconfig`),
    title: text('title').notNull().default(''),
    tags: text('tags').notNull().default(''),
    /** The description as plain text (tags stripped, common entities decoded). */
    body: text('body').notNull().default(''),
    notes: text('notes').notNull().default(''),
    attachmentNames: text('attachment_names').notNull().default(''),
    document: tsvector('document').generatedAlwaysAs(
      sql`setweight(to_tsvector(search_config, title), 'A')
        || setweight(to_tsvector(search_config, tags), 'B')
        || setweight(to_tsvector(search_config, body), 'C')
        || setweight(to_tsvector(search_config, notes || ' ' || attachment_names), 'D')`,
    ),
  },
  // Both GIN indexes without a pending list (fastupdate off, migration 0039): with it, every
  // search scanned up to 4 MB of not-yet-merged entries, refilled by every write (decision 0069).
  (table) => [
    index('item_search_document_idx').using('gin', table.document).with({ fastupdate: false }),
    index('item_search_project_id_idx').on(table.projectId),
    // Title matches first (decision 0049): the title's own matches, found without reading documents.
    index('item_search_title_idx')
      .using('gin', sql`to_tsvector(${table.searchConfig}, ${table.title})`)
      .with({ fastupdate: false }),
  ],
);
