import type { Db } from '../../db/client';
import type { Caller } from '../auth/index';
import { resolveProjectScope, type ProjectRef, type ProjectScope } from './project-scope';
import { assertOrgOpen } from './closed-org-check';
import { assertKeyOrg, assertKeyProject } from './token-check';

/**
 * The project behind `ref` for a caller outside an HTTP route (the MCP tools, issue 29): the
 * same decision as the `projectMember` rule — the user's access (spec §6), then an organization
 * key's organization and projects. Anything not visible is NOT_FOUND. `forWrite`: the caller
 * changes the project's data, refused (CONFLICT) while its organization is closed, exactly like
 * a write route (issue 33).
 */
export async function resolveCallerProject(
  { db }: { db: Db },
  caller: Caller,
  ref: ProjectRef,
  options: { forWrite?: boolean } = {},
): Promise<ProjectScope> {
  const scope = await resolveProjectScope(
    { db },
    { userId: caller.userId, ref, requireAdmin: false },
  );
  assertKeyOrg(caller.grant, scope.orgId);
  assertKeyProject(caller.grant, scope.projectId);
  if (options.forWrite) await assertOrgOpen(db, scope.orgId);
  return scope;
}
