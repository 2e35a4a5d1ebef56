import { integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { users } from './users';

/**
 * The invitation behind a Pending membership: who invited, and when the e-mail last went out
 * (resendInviteEmail allows one a minute). Deleted with the membership by removeOrgAccess.
 */
export const invitations = pgTable(
  'invitations',
  {
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invitedByUserId: integer('invited_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ name: 'invitations_pkey', columns: [table.orgId, table.userId] })],
);
