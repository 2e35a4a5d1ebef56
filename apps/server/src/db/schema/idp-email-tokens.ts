import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { idpAccounts } from './idp-accounts';

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
