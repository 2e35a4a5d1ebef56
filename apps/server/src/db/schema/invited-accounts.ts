import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Users rows created by an invitation for an address nobody has signed in with yet: the first
 * verified sign-in with that address claims the row (auth's provisionUser), so memberships,
 * licences and project access granted while Pending carry over. One per address (lower-case).
 */
export const invitedAccounts = pgTable(
  'invited_accounts',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The invited address, lower-case. */
    email: text('email').notNull(),
  },
  (table) => [
    uniqueIndex('invited_accounts_email_key').on(table.email),
    check('invited_accounts_email_lower_check', sql`${table.email} = lower(${table.email})`),
  ],
);
