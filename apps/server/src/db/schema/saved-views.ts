import type { TSavedViewState } from '@waymark/core';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { projects } from './projects';
import { users } from './users';

/**
 * A user's saved views of a project's workspace (issue 28): a name and the filters, sort, table
 * columns and table-or-board layout it brings back (validated by core's ZSavedViewState before
 * it gets here). Private to the user; a name is unique per user and project, case ignored, which
 * is what turns 30 identical concurrent saves into one view. Deleted with the user or project.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    state: jsonb('state').$type<TSavedViewState>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('saved_views_user_project_name_key').on(
      table.userId,
      table.projectId,
      sql`lower(${table.name})`,
    ),
    index('saved_views_project_id_idx').on(table.projectId),
  ],
);
