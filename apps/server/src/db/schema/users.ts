import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
    /**
     * Set when the person deleted their account (issue 33, decision 0054): the row stays as a
     * tombstone named "Former member" so the items, notes and mentions they wrote keep an author;
     * its e-mail is emptied and its subject no longer matches any token.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * SHA-256 (hex) of the tombstone's former subject: an external issuer keeps vouching for the
     * account after its deletion, and its tokens issued before `deleted_at` must stay refused
     * rather than provision a new account (decision 0057).
     */
    forgottenSubjectHash: text('forgotten_subject_hash'),
  },
  (table) => [
    uniqueIndex('users_subject_key').on(table.subject),
    index('users_forgotten_subject_hash_idx').on(table.forgottenSubjectHash),
  ],
);
