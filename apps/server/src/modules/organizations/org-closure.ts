// Issue 33: the organization row's side of closing (decision 0063). The closing module decides;
// these read and write the organizations table it does not own.
import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orgOwners, organizations } from '../../db/schema';

/** An organization as closing sees it, read under its row lock. */
export type OrgClosureState = {
  orgId: number;
  orgName: string;
  ownerUserId: number | null;
  closedAt: Date | null;
  deletesAt: Date | null;
};

/**
 * Locks the organization's row until the transaction ends (the lock every membership change takes
 * too) and answers its name, owner and closure; null when there is no such organization.
 */
export async function lockOrgClosure(tx: DbOrTx, orgId: number): Promise<OrgClosureState | null> {
  const [row] = await tx
    .select({
      orgId: organizations.id,
      orgName: organizations.name,
      ownerUserId: orgOwners.userId,
      closedAt: organizations.closedAt,
      deletesAt: organizations.deletesAt,
    })
    .from(organizations)
    .leftJoin(orgOwners, eq(orgOwners.orgId, organizations.id))
    .where(eq(organizations.id, orgId))
    .for('update', { of: organizations });
  return row ?? null;
}

/** Marks the organization closed at `closedAt` until `deletesAt` (null, null: open again). */
export async function setOrgClosure(
  tx: DbOrTx,
  input: { orgId: number; closedAt: Date | null; deletesAt: Date | null },
): Promise<void> {
  await tx
    .update(organizations)
    .set({ closedAt: input.closedAt, deletesAt: input.deletesAt })
    .where(eq(organizations.id, input.orgId));
}

/** Closed organizations whose deletion is due at `now`, oldest first. */
export async function dueClosedOrgs(db: DbOrTx, now: Date): Promise<number[]> {
  const rows = await db
    .select({ orgId: organizations.id })
    .from(organizations)
    .where(and(isNotNull(organizations.closedAt), lte(organizations.deletesAt, now)))
    .orderBy(asc(organizations.deletesAt), asc(organizations.id));
  return rows.map((row) => row.orgId);
}

/**
 * Deletes the organization's row; the database cascades to every row that still references it
 * (projects and their pages, members, licences, billing, data fields, integrations…). Its items
 * must be gone first (an item's type and status do not cascade).
 */
export async function deleteOrgRow(tx: DbOrTx, orgId: number): Promise<void> {
  await tx.delete(organizations).where(eq(organizations.id, orgId));
}

/**
 * Marks that the deletion of a closed organization has begun: its `deletesAt` moves back to its
 * `closedAt`, so a reopen from then on finds its grace period over whatever clock it reads (a
 * test may run the deletion at a later time than the server's), and the job still finds it due.
 */
export async function beginOrgDeletion(tx: DbOrTx, orgId: number): Promise<void> {
  await tx
    .update(organizations)
    .set({ deletesAt: sql`${organizations.closedAt}` })
    .where(eq(organizations.id, orgId));
}
