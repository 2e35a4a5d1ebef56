import {
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { projects } from './projects';

/**
 * spec §3 Relative path: a page of a project, shared by all its associated sites. The unique
 * (id, project_id) pair lets items reference a path of their own project only.
 */
export const relativePaths = pgTable(
  'relative_paths',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
  },
  (table) => [
    uniqueIndex('relative_paths_project_id_path_key').on(table.projectId, table.path),
    // A constraint (not an index) so it exists before the items foreign key that needs it.
    unique('relative_paths_id_project_id_key').on(table.id, table.projectId),
  ],
);

/**
 * Issue 31, old links: a path's former address after a rename in the portal, pointing at the path
 * it became (merges re-point it). A lookup of the old address with no path of its own answers the
 * renamed path's items; a path created later at the old address wins over the alias.
 */
export const relativePathAliases = pgTable(
  'relative_path_aliases',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    relativePathId: integer('relative_path_id')
      .notNull()
      .references(() => relativePaths.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.projectId, table.path] }),
    index('relative_path_aliases_relative_path_id_idx').on(table.relativePathId),
  ],
);
