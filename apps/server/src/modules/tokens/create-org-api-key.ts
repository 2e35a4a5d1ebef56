import { AppError, type TCreatedToken, type TTokenScope } from '@waymark/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { projects } from '../../db/schema';
import { recordAudit, type AuditContext } from '../audit/index';
import { insertToken } from './create-token-row';
import { KEY_PROJECT_INVALID } from './token-messages';

/**
 * Creates an organization API key (`wmk_key_…`) bound to chosen projects of `orgId`. The key acts
 * with the standing of the administrator who made it (`userId`), bounded by its organization,
 * projects and scopes (docs/api.md "Tokens"). A project of another organization is a 400.
 */
export async function createOrgApiKey(
  deps: { db: Db; now: Date },
  input: {
    userId: number;
    orgId: number;
    projectIds: number[];
    name: string;
    scopes: TTokenScope[];
    expiresAt?: string | null;
  },
  audit: AuditContext,
): Promise<TCreatedToken> {
  const found = await deps.db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.orgId, input.orgId), inArray(projects.id, input.projectIds)));
  if (found.length !== input.projectIds.length)
    throw new AppError('BAD_REQUEST', KEY_PROJECT_INVALID);
  return deps.db.transaction(async (tx) => {
    const created = await insertToken({ db: tx, now: deps.now }, { ...input, kind: 'key' });
    await recordAudit(tx, audit, {
      orgId: input.orgId,
      action: 'api_key.created',
      target: { type: 'api_key', id: created.token.id, label: input.name },
      after: {
        scopes: input.scopes,
        projectIds: input.projectIds,
        expiresAt: input.expiresAt ?? null,
      },
      at: deps.now,
    });
    return created;
  });
}
