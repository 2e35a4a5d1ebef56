import { ADMIN_ACCESS_LEVEL_ID, AppError } from '@waymark/core';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { itemStatuses, itemTypes, orgMembers } from '../../db/schema';
import { readId, type IdSource } from '../../http/access-rules';
import { ADMIN_ONLY, ORG_NOT_FOUND } from './access-messages';

/** Which organization-owned data field a route's id names. */
export type DataFieldKind = 'status' | 'itemType';

const TABLES = { status: itemStatuses, itemType: itemTypes } as const;

/**
 * The pre-handler of the `dataFieldAdmin` rule: the caller must be an active admin of the
 * organization owning the status or item type at `idFrom`. Unknown ids and other organizations'
 * fields are 404, a non-admin member is 403 — the organization convention.
 */
export function dataFieldCheck(kind: DataFieldKind, idFrom: IdSource): preHandlerAsyncHookHandler {
  const table = TABLES[kind];
  return async (request) => {
    const id = readId(request, idFrom);
    if (!request.caller || id === null) throw new AppError('NOT_FOUND', ORG_NOT_FOUND);
    const [membership] = await request.server.authenticator.db
      .select({ accessLevelId: orgMembers.accessLevelId })
      .from(table)
      .innerJoin(
        orgMembers,
        and(
          eq(orgMembers.orgId, table.orgId),
          eq(orgMembers.userId, request.caller.userId),
          eq(orgMembers.status, 'Active'),
        ),
      )
      .where(eq(table.id, id));
    if (!membership) throw new AppError('NOT_FOUND', ORG_NOT_FOUND);
    if (membership.accessLevelId !== ADMIN_ACCESS_LEVEL_ID)
      throw new AppError('FORBIDDEN', ADMIN_ONLY);
  };
}
