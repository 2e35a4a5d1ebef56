import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Mail an organization caused, counted per fixed window (decision 0137): the daily invitation
 * budget. Written in the transaction of the request that causes the mail, so a refused or failed
 * request counts nothing, and shared by every server copy.
 */
export const mailBudgetCounters = pgTable(
  'mail_budget_counters',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [
    primaryKey({ name: 'mail_budget_counters_pkey', columns: [table.key, table.windowStart] }),
    index('mail_budget_counters_window_idx').on(table.windowStart),
  ],
);
