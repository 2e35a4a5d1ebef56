import { AppError, SAVED_MESSAGE } from '@waymark/core';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock';
import { allowLongStatements, type Db } from '../../db/client';
import { projects } from '../../db/schema';
import type { ProjectScope } from '../access/index';
import { recordAudit, type AuditContext } from '../audit/index';

/** spec §8: success with no other text. */
/** Answered when a request's orgId is not the project's organization. */
export const PROJECT_NOT_IN_ORG = 'This project does not belong to the selected organization.';

/**
 * spec §7 saveProject: renames a project (spec §5: a trimmed, non-empty name).
 *
 * @param scope the project, resolved by the route's admin check.
 * @param input.orgId must be the project's organization, so a stale portal selection cannot
 *   rename a project of another organization.
 */
export async function saveProject(
  { db }: { db: Db },
  scope: ProjectScope,
  input: { orgId: number; projectName: string },
): Promise<string> {
  if (input.orgId !== scope.orgId) throw new AppError('BAD_REQUEST', PROJECT_NOT_IN_ORG);
  await db
    .update(projects)
    .set({ name: input.projectName })
    .where(eq(projects.id, scope.projectId));
  return SAVED_MESSAGE;
}

/**
 * spec §7 deleteProject: deletes a project with its sites, paths, releases and items (cascade),
 * under the long statement limit: 100,000 items took 13.7 s (decision 0141).
 */
export async function deleteProject(
  { db, clock }: { db: Db; clock: Clock },
  scope: ProjectScope,
  audit: AuditContext,
): Promise<string> {
  await db.transaction(async (tx) => {
    await allowLongStatements(tx);
    const [deleted] = await tx
      .delete(projects)
      .where(eq(projects.id, scope.projectId))
      .returning({ name: projects.name });
    if (!deleted) return;
    await recordAudit(tx, audit, {
      orgId: scope.orgId,
      action: 'project.deleted',
      target: { type: 'project', id: scope.projectId, label: deleted.name },
      before: { name: deleted.name },
      at: clock.now(),
    });
  });
  return 'Project deleted successfully';
}
