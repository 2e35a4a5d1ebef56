import { foreignKey, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';
import { projects } from './projects';
import { relativePaths } from './relative-paths';
import { releases } from './releases';
import { itemTypes } from './item-types';
import { itemStatuses } from './item-statuses';

/**
 * spec §1, §3 Item, recorded on a relative path of its project. The composite keys keep the path
 * and the release inside the item's project. A page pin and attachments come later as their own
 * tables keyed by item_id (item_pins, item_attachments), so this table needs no rewrite.
 */
export const items = pgTable(
  'items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    relativePathId: integer('relative_path_id').notNull(),
    /**
     * Issue 31: the concrete page the item was recorded on when it lives on a URL template's path
     * (`/orders/1` under `/orders/:id`); removing the template puts it back there. Null otherwise.
     */
    recordedPath: text('recorded_path'),
    itemTypeId: integer('item_type_id')
      .notNull()
      .references(() => itemTypes.id),
    itemStatusId: integer('item_status_id')
      .notNull()
      .references(() => itemStatuses.id),
    title: text('title').notNull(),
    descriptionHtml: text('description_html').notNull().default(''),
    assigneeUserId: integer('assignee_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    releaseId: integer('release_id').references(() => releases.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'items_relative_path_project_fk',
      columns: [table.relativePathId, table.projectId],
      foreignColumns: [relativePaths.id, relativePaths.projectId],
    }).onDelete('cascade'),
    index('items_relative_path_id_idx').on(table.relativePathId),
    index('items_project_id_idx').on(table.projectId),
    index('items_release_id_idx').on(table.releaseId),
    // Related-item search's "title contains" (ILIKE '%…%'); pg_trgm is created by migration 0008.
    index('items_title_trgm_idx').using('gin', table.title.op('gin_trgm_ops')),
  ],
);
