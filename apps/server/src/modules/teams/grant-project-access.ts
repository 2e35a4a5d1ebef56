import type { DbOrTx } from '../../db/client';
import { projectAccess } from '../../db/schema';

/**
 * Grants the user access to the project, in the caller's transaction: a member creating a
 * project may use it (projects' createProject).
 */
export async function grantProjectAccess(
  tx: DbOrTx,
  input: { projectId: number; userId: number },
): Promise<void> {
  await tx.insert(projectAccess).values(input);
}
