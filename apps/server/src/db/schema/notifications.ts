import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';
import { organizations } from './organizations';

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
