import { AppError, type TCreatedToken, type TTokenKind, type TTokenScope } from '@waymark/core';
import type { DbOrTx } from '../../db/client';
import { apiTokens } from '../../db/schema';
import { generateSecret } from './token-secret';
import { readToken } from './token-rows';
import { EXPIRY_IN_PAST } from './token-messages';

/** What both kinds of token are made of. */
export type NewTokenInput = {
  kind: TTokenKind;
  name: string;
  scopes: TTokenScope[];
  expiresAt?: string | null | undefined;
  /** The owner (personal token) or the creating administrator (key). */
  userId: number;
  orgId?: number;
  projectIds?: number[];
};

/**
 * Stores a new token's hash and answers its secret, this once. A past expiry is refused (400).
 */
export async function insertToken(
  { db, now }: { db: DbOrTx; now: Date },
  input: NewTokenInput,
): Promise<TCreatedToken> {
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= now.getTime())
    throw new AppError('BAD_REQUEST', EXPIRY_IN_PAST);
  const { secret, secretHash, prefix } = generateSecret(input.kind);
  const [row] = await db
    .insert(apiTokens)
    .values({
      kind: input.kind,
      name: input.name,
      secretHash,
      prefix,
      scopes: input.scopes,
      userId: input.userId,
      orgId: input.orgId ?? null,
      projectIds: input.projectIds ?? null,
      expiresAt,
    })
    .returning({ id: apiTokens.id });
  if (!row) throw new Error('api token insert returned nothing');
  return { token: await readToken(db, row.id), secret };
}
