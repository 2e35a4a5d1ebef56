import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Accounts of the embedded identity provider; `id` is the token `sub`. */
export const idpAccounts = pgTable(
  'idp_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** scrypt hash with its parameters, see modules/identity/password.ts. */
    passwordHash: text('password_hash').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /**
     * Raised by a password reset; every access token carries the value it was issued under, and
     * the API refuses a token whose value is no longer current (issue 24).
     */
    sessionGeneration: integer('session_generation').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // E-mail addresses are unique whatever their case: Ann@x.com and ann@x.com are one person.
  (table) => [uniqueIndex('idp_accounts_email_key').on(sql`lower(${table.email})`)],
);
