import type { TTokenScope } from '@waymark/core';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiTokens, users } from '../../db/schema';
import type { TokenGrant } from './token-grant';
import { hashSecret, isSameHash, TOKEN_PATTERN } from './token-secret';

/** An unrevoked token found by its secret: who it acts as, what it allows, when it ends. */
export type StoredToken = {
  userId: number;
  email: string;
  grant: TokenGrant;
  /** ms since the epoch; null: no expiry. Checked on every use (the lookup may be cached). */
  expiresAtMs: number | null;
};

/** Whether an Authorization credential is shaped like one of our API tokens. */
export function isApiToken(credential: string): boolean {
  return TOKEN_PATTERN.test(credential);
}

/**
 * Finds the unrevoked token whose SHA-256 is that of `secret` (the unique index on the hash; a
 * constant-time comparison guards the answer). Undefined when unknown or revoked.
 */
export async function findApiToken(db: Db, secret: string): Promise<StoredToken | undefined> {
  const secretHash = hashSecret(secret);
  const [row] = await db
    .select({
      id: apiTokens.id,
      secretHash: apiTokens.secretHash,
      kind: apiTokens.kind,
      scopes: apiTokens.scopes,
      orgId: apiTokens.orgId,
      projectIds: apiTokens.projectIds,
      expiresAt: apiTokens.expiresAt,
      userId: users.id,
      email: users.email,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.secretHash, secretHash), isNull(apiTokens.revokedAt)));
  if (!row || !isSameHash(row.secretHash, secretHash)) return undefined;
  return {
    userId: row.userId,
    email: row.email,
    expiresAtMs: row.expiresAt?.getTime() ?? null,
    grant: {
      tokenId: row.id,
      kind: row.kind,
      scopes: row.scopes as TTokenScope[],
      orgId: row.orgId,
      projectIds: row.projectIds,
    },
  };
}

/**
 * Records a token's use, at most once a minute across every server copy: the condition makes
 * the write a no-op when another copy recorded it within the minute.
 */
export async function touchApiToken(db: Db, tokenId: number): Promise<void> {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(apiTokens.id, tokenId),
        or(
          isNull(apiTokens.lastUsedAt),
          lt(apiTokens.lastUsedAt, sql`now() - interval '1 minute'`),
        ),
      ),
    );
}
