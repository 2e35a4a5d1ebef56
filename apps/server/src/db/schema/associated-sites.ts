import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { projects } from './projects';

/**
 * spec §3 Associated site: a domain (optionally a path prefix) of a project. `host` and
 * `base_path` are the normalised parts of `base_url` (normalizeSiteUrl), so the page lookup is an
 * indexed query by host. One domain may belong to several projects (issue 4).
 */
export const associatedSites = pgTable(
  'associated_sites',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    baseUrl: text('base_url').notNull(),
    host: text('host').notNull(),
    basePath: text('base_path').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('associated_sites_project_host_path_key').on(
      table.projectId,
      table.host,
      table.basePath,
    ),
    index('associated_sites_host_idx').on(table.host),
  ],
);
