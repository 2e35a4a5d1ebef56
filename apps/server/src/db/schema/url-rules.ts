import { boolean, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { projects } from './projects';

/**
 * Issue 31: a project's URL rules besides templates — "this site routes by fragment" and the
 * query parameter names kept as part of a page's identity. No row: neither (the default).
 */
export const projectUrlRules = pgTable('project_url_rules', {
  projectId: integer('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  hashRoutes: boolean('hash_routes').notNull().default(false),
  keptParams: text('kept_params').array().notNull().default([]),
});

/**
 * Issue 31: a URL template of a project (`/orders/:id`). Its pages' items live on the relative
 * path named by the pattern; each item remembers the path it was recorded on (items.recorded_path_id).
 */
export const urlTemplates = pgTable(
  'url_templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** Canonical pattern (parseTemplate's), e.g. `/orders/:id`. */
    pattern: text('pattern').notNull(),
    /** What the team calls the page ("Order page"); null shows the pattern alone. */
    name: text('name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('url_templates_project_id_pattern_key').on(table.projectId, table.pattern),
  ],
);
