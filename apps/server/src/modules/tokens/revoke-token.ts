import { AppError } from '@waymark/core';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiTokens } from '../../db/schema';
import { recordAudit, type AuditContext } from '../audit/index';
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

/**
 * Revokes an organization API key (admins) like {@link revokeToken}, with its audit row in the
 * same transaction; revoking an already revoked key again records nothing.
 */
export async function revokeOrgApiKey(
  db: Db,
  input: { orgId: number; keyId: number; at: Date },
  audit: AuditContext,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [key] = await tx
      .select({ name: apiTokens.name, revokedAt: apiTokens.revokedAt })
      .from(apiTokens)
      .where(
        and(
          eq(apiTokens.id, input.keyId),
          eq(apiTokens.kind, 'key'),
          eq(apiTokens.orgId, input.orgId),
        ),
      )
      .for('update');
    if (!key) throw new AppError('NOT_FOUND', TOKEN_NOT_FOUND);
    if (key.revokedAt) return TOKEN_REVOKED;
    await tx.update(apiTokens).set({ revokedAt: input.at }).where(eq(apiTokens.id, input.keyId));
    await recordAudit(tx, audit, {
      orgId: input.orgId,
      action: 'api_key.revoked',
      target: { type: 'api_key', id: input.keyId, label: key.name },
      at: input.at,
    });
    return TOKEN_REVOKED;
  });
}
