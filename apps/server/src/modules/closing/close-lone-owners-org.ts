import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { orgOwners } from '../../db/schema';
import type { AuditContext } from '../audit/index';
import { lockOrgClosure } from '../organizations/index';
import { countOtherMembers } from '../teams/index';
import { closeLockedOrg } from './close-org';
import type { ClosingDeps } from './closing-deps';

/**
 * Issue 33, account deletion: closes the organization the user owns when nobody else is an active
 * member of it, in the deletion's transaction, so it is deleted after the grace period like any
 * closed one (and, its owner gone, never reopened). An organization others use stays open: the
 * deletion is then refused and the owner is pointed at Close organization.
 */
export async function closeLoneOwnersOrg(
  tx: Transaction,
  deps: ClosingDeps,
  input: { userId: number },
  audit: AuditContext,
): Promise<void> {
  const [owned] = await tx
    .select({ orgId: orgOwners.orgId })
    .from(orgOwners)
    .where(eq(orgOwners.userId, input.userId));
  if (!owned) return;
  const org = await lockOrgClosure(tx, owned.orgId);
  if (!org || org.closedAt) return;
  if ((await countOtherMembers(tx, { orgId: org.orgId, userId: input.userId }, false)) > 0) return;
  await closeLockedOrg(tx, deps, org, audit);
}
