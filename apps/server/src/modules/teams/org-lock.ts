import { AppError } from '@waymark/core';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { organizations } from '../../db/schema';

/**
 * Locks the organization's row until the transaction ends and answers its name. Every change to
 * an organization's memberships and licences takes this lock first, so licence counting and the
 * "already a member" check are serialised per organization (issue 12: never oversell). Also
 * answers whether its owner closed it (issue 33).
 */
export async function lockOrg(
  tx: DbOrTx,
  orgId: number,
): Promise<{ orgName: string; isClosed: boolean }> {
  const [org] = await tx
    .select({ orgName: organizations.name, closedAt: organizations.closedAt })
    .from(organizations)
    .where(eq(organizations.id, orgId))
    .for('update');
  if (!org) throw new AppError('NOT_FOUND', 'Organization not found.');
  return { orgName: org.orgName, isClosed: org.closedAt !== null };
}
