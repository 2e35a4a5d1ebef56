import { PROJECTS_ADDED_MESSAGE, PROJECTS_REMOVED_MESSAGE } from '@waymark/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db, Transaction } from '../../db/client';
import { projectAccess } from '../../db/schema';
import { recordAudit, type AuditContext } from '../audit/index';
import { requireMembership, requireOrgProjects } from './membership';

/** Input of the project access calls (spec §7): the organization, the user and the projects. */
export type ProjectAccessInput = { orgId: number; userId: number; projectIds: number[] };

/** What the project access calls need: the database, the time and who is asking. */
export type ProjectAccessDeps = { db: Db; clock: Clock; audit: AuditContext };

/**
 * Checks, in one transaction, that the user is a member (Active or Pending) and that every
 * project is the organization's (NOT_FOUND otherwise, and nothing changes), then writes and
 * records the change in the audit log.
 */
async function changeProjectAccess(
  { db, clock, audit }: ProjectAccessDeps,
  input: ProjectAccessInput,
  action: 'project_access.granted' | 'project_access.revoked',
  write: (tx: Transaction, projectIds: number[]) => Promise<unknown>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const member = await requireMembership(tx, input);
    const projectIds = await requireOrgProjects(tx, input);
    await write(tx, projectIds);
    await recordAudit(tx, audit, {
      orgId: input.orgId,
      action,
      target: { type: 'user', id: input.userId, label: member.email },
      after: { projectIds },
      at: clock.now(),
    });
  });
}

/**
 * Grants a member access to projects of the organization (spec §7 addProjectAccess); projects
 * already granted stay as they are. The change feed makes caches forget, so it applies to the next call.
 */
export async function addProjectAccess(
  deps: ProjectAccessDeps,
  input: ProjectAccessInput,
): Promise<string> {
  await changeProjectAccess(deps, input, 'project_access.granted', (tx, projectIds) =>
    tx
      .insert(projectAccess)
      .values(projectIds.map((projectId) => ({ projectId, userId: input.userId })))
      .onConflictDoNothing(),
  );
  return PROJECTS_ADDED_MESSAGE;
}

/** Takes away a member's access to projects of the organization (spec §7 removeProjectAccess). */
export async function removeProjectAccess(
  deps: ProjectAccessDeps,
  input: ProjectAccessInput,
): Promise<string> {
  await changeProjectAccess(deps, input, 'project_access.revoked', (tx, projectIds) =>
    tx
      .delete(projectAccess)
      .where(
        and(eq(projectAccess.userId, input.userId), inArray(projectAccess.projectId, projectIds)),
      ),
  );
  return PROJECTS_REMOVED_MESSAGE;
}
