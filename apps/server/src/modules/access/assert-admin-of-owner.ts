import { ADMIN_ACCESS_LEVEL_ID, AppError } from '@waymark/core';
import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { orgMembers } from '../../db/schema';
import { ADMIN_ONLY } from './access-messages';

/**
 * Refuses unless the caller is an active admin of the organization owning the row of `table`
 * matching `where` (its organization in `orgId`): no such row, or one of an organization the caller
 * is not a member of, is 404 with `notFound`; a non-admin member is 403 — the organization
 * convention for routes that name a row rather than its organization. Answers that organization.
 */
export async function assertAdminOfOwner(
  request: FastifyRequest,
  owner: { table: PgTable; orgId: PgColumn; where: SQL | undefined },
  notFound: string,
): Promise<number> {
  if (!request.caller) throw new AppError('NOT_FOUND', notFound);
  const [membership] = await request.server.authenticator.db
    .select({ accessLevelId: orgMembers.accessLevelId, orgId: orgMembers.orgId })
    .from(owner.table)
    .innerJoin(
      orgMembers,
      and(
        eq(orgMembers.orgId, owner.orgId),
        eq(orgMembers.userId, request.caller.userId),
        eq(orgMembers.status, 'Active'),
      ),
    )
    .where(owner.where);
  if (!membership) throw new AppError('NOT_FOUND', notFound);
  // An organization key (issue 29) sees only its organization's rows.
  const keyOrgId = request.caller.grant?.orgId;
  if (keyOrgId != null && keyOrgId !== membership.orgId) throw new AppError('NOT_FOUND', notFound);
  if (membership.accessLevelId !== ADMIN_ACCESS_LEVEL_ID)
    throw new AppError('FORBIDDEN', ADMIN_ONLY);
  return membership.orgId;
}
