import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { items } from './items';
import { organizations } from './organizations';
import { users } from './users';

/**
 * Files attached to an item (spec §1, issue 14). The bytes live in the file store under
 * `storage_key`; this row is committed only after they are durable, so a row never points at
 * nothing. Deleting the item (or its project) deletes the row; the orphan sweeper then removes the
 * file no row names. `org_id` is kept here so the storage quota is one indexed sum.
 */
export const itemAttachments = pgTable(
  'item_attachments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull().unique(),
    fileName: text('file_name').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** Detected from the bytes, never taken from the client. */
    contentType: text('content_type').notNull(),
    sha256: text('sha256').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('item_attachments_item_id_idx').on(table.itemId),
    index('item_attachments_org_id_idx').on(table.orgId),
  ],
);
