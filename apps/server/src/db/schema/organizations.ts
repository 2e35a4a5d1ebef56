import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Customer organizations; `planId` refers to the plan table of @waymark/core (spec §9). */
export const organizations = pgTable('organizations', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().default(''),
  planId: integer('plan_id'),
  trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
