import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { projects, relativePaths, releases } from './projects';
import { users } from './users';

/** spec §3 Item type of an organization (defaults seeded by seedOrgDefaults). */
export const itemTypes = pgTable(
  'item_types',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
  },
  (table) => [uniqueIndex('item_types_org_id_description_key').on(table.orgId, table.description)],
);

/** spec §3 Status of an organization (defaults seeded by seedOrgDefaults). */
export const itemStatuses = pgTable(
  'item_statuses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
  },
  (table) => [
    uniqueIndex('item_statuses_org_id_description_key').on(table.orgId, table.description),
  ],
);

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
  ],
);

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

/** Notes on an item: author and time (spec §1). */
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
  },
  (table) => [index('item_notes_item_id_idx').on(table.itemId)],
);

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
  (table) => [index('item_history_item_id_idx').on(table.itemId)],
);
