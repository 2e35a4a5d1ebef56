import { dueClosedOrgs } from '../organizations/index';
import { deleteClosedOrg, type DeleteOrgDeps } from './delete-closed-org';

/**
 * The deletion job (pg-boss cron: each slot runs once across all copies): closed organizations
 * whose grace period is over, oldest first. A run cut off half-way is finished by the next slot.
 */
export const DELETE_CLOSED_ORGS_JOB = { name: 'closing.delete-due', cron: '*/10 * * * *' } as const;

/** Deletes every closed organization due at the deps' clock; answers how many were deleted. */
export async function runDueDeletions(deps: DeleteOrgDeps): Promise<number> {
  let deleted = 0;
  for (const orgId of await dueClosedOrgs(deps.db, deps.clock.now()))
    if ((await deleteClosedOrg(deps, orgId)) === 'deleted') deleted += 1;
  return deleted;
}
