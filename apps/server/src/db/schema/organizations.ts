import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { regconfig } from './search-config';

/** Customer organizations; `planId` refers to the plan table of @waymark/core (spec §9). */
export const organizations = pgTable('organizations', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().default(''),
  planId: integer('plan_id'),
  trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Issue 28: the text search configuration (language) of the organization's item search. */
  searchLanguage: regconfig('search_language')
    .notNull()
    .default(sql`'english'::regconfig`),
  /**
   * Issue 33: when the owner closed the organization (null: open). While set, members read but
   * nothing is written (decision 0063); the owner may reopen until `deletesAt`.
   */
  closedAt: timestamp('closed_at', { withTimezone: true }),
  /** Issue 33: when the deletion job removes every row and file of a closed organization. */
  deletesAt: timestamp('deletes_at', { withTimezone: true }),
});
