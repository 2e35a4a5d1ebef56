import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { users } from './users';

/**
 * The creator of each organization. `user_id` is unique: issue 3 / spec §8 allow one
 * organization per creator, and the database enforces it even under concurrent requests.
 */
export const orgOwners = pgTable(
  'org_owners',
  {
    orgId: integer('org_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [uniqueIndex('org_owners_user_id_key').on(table.userId)],
);

/** Licences (seats) of an organization; `user_id` is the user it is assigned to, or null when free. */
export const licenses = pgTable(
  'licenses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('licenses_org_id_idx').on(table.orgId),
    uniqueIndex('licenses_org_id_user_id_key').on(table.orgId, table.userId),
  ],
);

/** spec §3 Notification: queued for one user about one organization, shown until dismissed. */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** See NOTIFICATION_TEMPLATES in @waymark/core. */
    templateId: integer('template_id').notNull(),
    /** Sanitised HTML. */
    descriptionHtml: text('description_html').notNull(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('notifications_user_id_queued_idx')
      .on(table.userId)
      .where(sql`${table.dismissedAt} is null`),
  ],
);
