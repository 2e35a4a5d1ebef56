import { AppError, ORG_CLOSED_MESSAGE } from '@waymark/core';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { organizations } from '../../db/schema';

/**
 * An access rule's organization check: refuses or answers the organization the request acts in
 * (the pre-handler the write guard wraps).
 */
export type OrgCheck = (request: FastifyRequest) => Promise<number>;

/**
 * Refuses a write (CONFLICT) to an organization its owner closed (issue 33, decision 0063).
 * Read on every write, not cached, so a closing takes effect on every server copy at once.
 */
export async function assertOrgOpen(db: DbOrTx, orgId: number): Promise<void> {
  const [row] = await db
    .select({ closedAt: organizations.closedAt })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  if (row?.closedAt) throw new AppError('CONFLICT', ORG_CLOSED_MESSAGE);
}

/**
 * {@link assertOrgOpen}'s read as a scalar subquery, for a write that folds the check into a
 * statement of its own transaction (a route registered with `closedCheckedInTransaction`); pass
 * what it reads to {@link assertOrgOpenAt}.
 */
export function orgClosedAtSql(orgId: number): SQL<Date | string | null> {
  return sql<Date | string | null>`(select ${organizations.closedAt} from ${organizations}
    where ${organizations.id} = ${orgId})`;
}

/** Refuses a write (CONFLICT) when {@link orgClosedAtSql} read a closing time. */
export function assertOrgOpenAt(closedAt: Date | string | null): void {
  if (closedAt) throw new AppError('CONFLICT', ORG_CLOSED_MESSAGE);
}
