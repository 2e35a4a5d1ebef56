import { type TApiToken, type TTokenScope } from '@waymark/core';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { apiTokens, users } from '../../db/schema';

/** One api_tokens row as listed. */
type TokenRow = Omit<TApiToken, 'createdAt' | 'expiresAt' | 'lastUsedAt' | 'scopes'> & {
  scopes: string[];
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
};

/** The listing columns of api_tokens (never the hash), with the creator's name. */
function selectTokens(db: DbOrTx) {
  return db
    .select({
      id: apiTokens.id,
      kind: apiTokens.kind,
      name: apiTokens.name,
      prefix: apiTokens.prefix,
      scopes: apiTokens.scopes,
      orgId: apiTokens.orgId,
      projectIds: apiTokens.projectIds,
      createdAt: apiTokens.createdAt,
      expiresAt: apiTokens.expiresAt,
      lastUsedAt: apiTokens.lastUsedAt,
      // The items module's fullNameOf; not imported: items depends on access, which needs tokens.
      createdBy: sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.email})`,
    })
    .from(apiTokens)
    .innerJoin(users, sql`${users.id} = ${apiTokens.userId}`);
}

/** The unrevoked tokens matching `where`, newest first, as the API lists them. */
export async function listTokens(db: Db, where: SQL): Promise<TApiToken[]> {
  const rows = await selectTokens(db)
    .where(sql`${where} and ${apiTokens.revokedAt} is null`)
    .orderBy(sql`${apiTokens.id} desc`);
  return rows.map(toApiToken);
}

/** One listed token row as the API answers it. */
export function toApiToken(row: TokenRow): TApiToken {
  return {
    ...row,
    scopes: row.scopes as TTokenScope[],
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** Reads one token for the listing (after its creation). */
export async function readToken(db: DbOrTx, id: number): Promise<TApiToken> {
  const [row] = await selectTokens(db).where(sql`${apiTokens.id} = ${id}`);
  if (!row) throw new Error(`api token ${id} vanished`);
  return toApiToken(row);
}
