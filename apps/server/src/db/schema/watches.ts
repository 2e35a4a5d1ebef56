import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { projects } from './projects';
import { users } from './users';

/**
 * What a user watches (issue 27): an item, a page (every item on one relative path of a project)
 * or a whole project. `isWatching = false` remembers an explicit unwatch, so the automatic watch
 * of a later note or mention does not undo it. Access is checked when notifying, and the row is
 * deleted when the user loses the project (migration trigger), or when its item or page is deleted;
 * a page merged into another hands its watches on (migration 0047).
 */
export const watches = pgTable(
  'watches',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** `item`, `page` or `project`. */
    kind: text('kind').notNull(),
    /** The item id, relative path id or project id `kind` names. */
    targetId: integer('target_id').notNull(),
    isWatching: boolean('is_watching').notNull().default(true),
    /** True when the watch came from authoring, assignment or a mention, not a click. */
    isAutomatic: boolean('is_automatic').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'watches_pkey', columns: [table.kind, table.targetId, table.userId] }),
    index('watches_user_id_idx').on(table.userId, table.projectId),
    check('watches_kind_check', sql`${table.kind} in ('item', 'page', 'project')`),
  ],
);
