import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** People who have signed in at least once; provisioned from the identity token on first call. */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The OpenID Connect `sub` claim: stable per user and issuer. */
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_subject_key').on(table.subject)],
);
