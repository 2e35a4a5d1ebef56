import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Key material of the provider, generated on first start and never stored in the repository:
 * `signing` rows hold a private JWK, `cookie` rows a random secret. The newest row of a kind is
 * used first; older rows stay published until `retire_at`.
 */
export const idpKeys = pgTable('idp_keys', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  kind: text('kind').$type<'signing' | 'cookie'>().notNull(),
  material: jsonb('material').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  retireAt: timestamp('retire_at', { withTimezone: true }),
});
