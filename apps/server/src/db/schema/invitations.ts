import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
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
    /**
     * The address and names as the inviter typed them: all the organization sees of a Pending
     * member, so an invitation never shows whether the address has an account (issue 24).
     */
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ name: 'invitations_pkey', columns: [table.orgId, table.userId] })],
);
