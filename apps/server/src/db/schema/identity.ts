import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Every oidc-provider model (Session, Grant, AuthorizationCode, RefreshToken, Interaction…) in one
 * table keyed by kind and id, as its Adapter interface expects. Expired rows are purged at start-up
 * and on a timer (see modules/identity/adapter.ts).
 */
export const idpModels = pgTable(
  'idp_models',
  {
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ name: 'idp_models_pkey', columns: [table.kind, table.id] }),
    index('idp_models_grant_id_idx').on(table.grantId),
    index('idp_models_user_code_idx').on(table.userCode),
    index('idp_models_uid_idx').on(table.uid),
    index('idp_models_expires_at_idx').on(table.expiresAt),
  ],
);

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // E-mail addresses are unique whatever their case: Ann@x.com and ann@x.com are one person.
  (table) => [uniqueIndex('idp_accounts_email_key').on(sql`lower(${table.email})`)],
);

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

/** Single-use e-mail links (verification, password reset); only a hash of the token is stored. */
export const idpEmailTokens = pgTable(
  'idp_email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    purpose: text('purpose').$type<'verify-email' | 'reset-password'>().notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => idpAccounts.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('idp_email_tokens_account_idx').on(table.accountId)],
);

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
