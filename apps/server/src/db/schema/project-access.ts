import { index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { users } from './users';
import { projects } from './projects';

/** Per-project access of members (spec §6); admins see every project of their organization. */
export const projectAccess = pgTable(
  'project_access',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ name: 'project_access_pkey', columns: [table.projectId, table.userId] }),
    index('project_access_user_id_idx').on(table.userId),
  ],
);
