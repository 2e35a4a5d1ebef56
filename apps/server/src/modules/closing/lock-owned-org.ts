import { AppError } from '@waymark/core';
import type { DbOrTx } from '../../db/client';
import { lockOrgClosure, type OrgClosureState } from '../organizations/index';
import { ORG_NOT_FOUND_MESSAGE, OWNER_ONLY } from './closing-messages';

/**
 * Locks the organization's row for a close or reopen and checks the caller owns it: an admin who
 * is not the owner is refused (403); a deleted organization is 404.
 */
export async function lockOwnedOrg(
  tx: DbOrTx,
  input: { orgId: number; userId: number },
): Promise<OrgClosureState> {
  const org = await lockOrgClosure(tx, input.orgId);
  if (!org) throw new AppError('NOT_FOUND', ORG_NOT_FOUND_MESSAGE);
  if (org.ownerUserId !== input.userId) throw new AppError('FORBIDDEN', OWNER_ONLY);
  return org;
}
