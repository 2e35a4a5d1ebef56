import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Fixed-window attempt counters for sign-in and reset, shared by every server process. */
export const idpRateLimits = pgTable(
  'idp_rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [
    primaryKey({ name: 'idp_rate_limits_pkey', columns: [table.key, table.windowStart] }),
    index('idp_rate_limits_window_idx').on(table.windowStart),
  ],
);
