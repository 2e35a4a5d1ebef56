import { PROJECTS_ADDED_MESSAGE, PROJECTS_REMOVED_MESSAGE } from '@waymark/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Transaction } from '../../db/client';
import { projectAccess } from '../../db/schema';
import { requireMembership, requireOrgProjects } from './membership';

/** Input of the project access calls (spec §7): the organization, the user and the projects. */
export type ProjectAccessInput = { orgId: number; userId: number; projectIds: number[] };

/**
 * Checks, in one transaction, that the user is a member (Active or Pending) and that every
 * project is the organization's (NOT_FOUND otherwise, and nothing changes), then writes.
 */
async function changeProjectAccess(
  db: Db,
  input: ProjectAccessInput,
  write: (tx: Transaction, projectIds: number[]) => Promise<unknown>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await requireMembership(tx, input);
    await write(tx, await requireOrgProjects(tx, input));
  });
}

/**
 * Grants a member access to projects of the organization (spec §7 addProjectAccess); projects
 * already granted stay as they are. The change feed makes caches forget, so it applies to the next call.
 */
export async function addProjectAccess(
  { db }: { db: Db },
  input: ProjectAccessInput,
): Promise<string> {
  await changeProjectAccess(db, input, (tx, projectIds) =>
    tx
      .insert(projectAccess)
      .values(projectIds.map((projectId) => ({ projectId, userId: input.userId })))
      .onConflictDoNothing(),
  );
  return PROJECTS_ADDED_MESSAGE;
}

/** Takes away a member's access to projects of the organization (spec §7 removeProjectAccess). */
export async function removeProjectAccess(
  { db }: { db: Db },
  input: ProjectAccessInput,
): Promise<string> {
  await changeProjectAccess(db, input, (tx, projectIds) =>
    tx
      .delete(projectAccess)
      .where(
        and(eq(projectAccess.userId, input.userId), inArray(projectAccess.projectId, projectIds)),
      ),
  );
  return PROJECTS_REMOVED_MESSAGE;
}
