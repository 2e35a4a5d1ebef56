import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { organizations } from '../../db/schema';

/** Puts the organization on `planId`, in the caller's transaction (billing decides when). */
export async function setOrgPlan(
  tx: DbOrTx,
  input: { orgId: number; planId: number },
): Promise<void> {
  await tx
    .update(organizations)
    .set({ planId: input.planId })
    .where(eq(organizations.id, input.orgId));
}
