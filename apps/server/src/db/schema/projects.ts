import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

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
 * The version of a project's URL rules, bumped by every change of them, first thing in its
 * transaction (lockUrlRules) and by triggers (migration 0043): a create placed on cached rules
 * writes only while it can share-lock this row with the version it placed on (decision 0104).
 * One row per project, inserted with it by a trigger.
 */
export const urlRulesVersions = pgTable('url_rules_versions', {
  projectId: integer('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
