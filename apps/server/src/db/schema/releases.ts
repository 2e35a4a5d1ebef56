import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { projects } from './projects';

/** spec §3 Release of a project. */
export const releases = pgTable(
  'releases',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('releases_project_id_idx').on(table.projectId)],
);
