import {
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { users } from './users';

/** spec §3 Project: a site of an organization, with its domains, paths and items. */
export const projects = pgTable(
  'projects',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('projects_org_id_idx').on(table.orgId)],
);

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
