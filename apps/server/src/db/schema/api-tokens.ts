import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { users } from './users';

/**
 * API tokens (issue 29): personal access tokens (`kind` 'pat', acting as `user_id`) and
 * organization API keys (`kind` 'key', made by the admin `user_id` for `org_id`, bound to
 * `project_ids`). Only the SHA-256 of the secret is stored; a revoked row is kept (revoked_at)
 * so the listing and audits can still name it.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ['pat', 'key'] }).notNull(),
    name: text('name').notNull(),
    /** SHA-256 of the whole token, base64url. */
    secretHash: text('secret_hash').notNull(),
    /** The token's first characters, shown to recognise it. */
    prefix: text('prefix').notNull(),
    scopes: text('scopes').array().notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orgId: integer('org_id').references(() => organizations.id, { onDelete: 'cascade' }),
    projectIds: integer('project_ids').array(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * SHA-256 of the creation's idempotency key with its kind and owner (docs/decisions.md
     * 0038): a repeated creation with the key answers this row instead of minting another.
     */
    idempotencyKeyHash: text('idempotency_key_hash'),
    /** SHA-256 of the creation's other fields: the same key with another request is a 409. */
    requestHash: text('request_hash'),
    /**
     * The secret sealed (AES-256-GCM) under a key derived from the idempotency key, which only
     * the client holds, so the database alone cannot open it; null without an idempotency key.
     */
    sealedSecret: text('sealed_secret'),
  },
  (table) => [
    uniqueIndex('api_tokens_secret_hash_key').on(table.secretHash),
    index('api_tokens_user_id_idx')
      .on(table.userId)
      .where(sql`${table.kind} = 'pat'`),
    index('api_tokens_org_id_idx').on(table.orgId),
    uniqueIndex('api_tokens_idempotency_key_hash_key').on(table.idempotencyKeyHash),
  ],
);

/**
 * Requests counted per API token and per organization in fixed one-window buckets (issue 29),
 * in PostgreSQL so every server copy shares them.
 */
export const apiRateCounters = pgTable(
  'api_rate_counters',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [
    uniqueIndex('api_rate_counters_key_window_key').on(table.key, table.windowStart),
    index('api_rate_counters_window_idx').on(table.windowStart),
  ],
);
