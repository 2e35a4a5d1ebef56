import { AppError } from '@waymark/core';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiTokens } from '../../db/schema';
import { TOKEN_NOT_FOUND, TOKEN_REVOKED } from './token-messages';

/**
 * Revokes the token `where` selects (the caller's own, or a key of the admin's organization).
 * Idempotent: revoking an already revoked token answers the same. The change feed trigger
 * announces it, so every server copy refuses the token within a second. Unknown: 404.
 */
export async function revokeToken(db: Db, where: SQL): Promise<string> {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: sql`coalesce(${apiTokens.revokedAt}, now())` })
    .where(where)
    .returning({ id: apiTokens.id });
  if (rows.length === 0) throw new AppError('NOT_FOUND', TOKEN_NOT_FOUND);
  return TOKEN_REVOKED;
}
