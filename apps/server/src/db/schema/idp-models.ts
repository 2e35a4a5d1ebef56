import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

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
