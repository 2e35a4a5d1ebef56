import { AppError, SAVED_MESSAGE } from '@waymark/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import { allowLongStatements, type Db, type DbOrTx } from '../../db/client';
import { projects, releases } from '../../db/schema';
import { recordAudit, type AuditContext } from '../audit/index';
import { assertFeature } from '../entitlements/index';

/** Answered when the project or release is not one of the organization's. */
export const RELEASE_NOT_FOUND = 'Release or project not found in this organization.';

/**
 * spec §7 saveRelease: creates a release of `projectId`, or renames `ReleaseId` (as the spec
 * spells it), on plans with release management (spec §9: Basic and up). Both must belong to
 * `orgId`, whose admin the route requires.
 */
export async function saveRelease(
  { db }: { db: DbOrTx },
  input: {
    orgId: number;
    releaseTitle: string;
    projectId?: number | null;
    ReleaseId?: number | null;
  },
): Promise<string> {
  await db.transaction(async (tx) => {
    await assertFeature(tx, input.orgId, 'releaseManagement');
    const inOrg = sql`exists (select 1 from ${projects} where ${projects.id} = ${releases.projectId} and ${projects.orgId} = ${input.orgId})`;
    if (input.ReleaseId != null) {
      const updated = await tx
        .update(releases)
        .set({ title: input.releaseTitle })
        .where(and(eq(releases.id, input.ReleaseId), inOrg))
        .returning({ id: releases.id });
      if (updated.length === 0) throw new AppError('NOT_FOUND', RELEASE_NOT_FOUND);
      return;
    }
    const [project] = await tx
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.id, input.projectId ?? 0), eq(projects.orgId, input.orgId)));
    if (!project) throw new AppError('NOT_FOUND', RELEASE_NOT_FOUND);
    await tx.insert(releases).values({ projectId: project.id, title: input.releaseTitle });
  });
  return SAVED_MESSAGE;
}

/**
 * spec §7 deleteRelease: deletes a release; its items are left without one (FK set null), under
 * the long statement limit (decision 0141).
 */
export async function deleteRelease(
  { db, clock }: { db: Db; clock: Clock },
  input: { releaseId: number },
  audit: AuditContext,
): Promise<string> {
  await db.transaction(async (tx) => {
    await allowLongStatements(tx);
    const [deleted] = await tx
      .delete(releases)
      .where(eq(releases.id, input.releaseId))
      .returning({ title: releases.title, projectId: releases.projectId });
    if (!deleted) return;
    const [project] = await tx
      .select({ orgId: projects.orgId })
      .from(projects)
      .where(eq(projects.id, deleted.projectId));
    await recordAudit(tx, audit, {
      orgId: project?.orgId ?? null,
      action: 'data_field.deleted',
      target: { type: 'release', id: input.releaseId, label: deleted.title },
      before: { name: deleted.title, projectId: deleted.projectId },
      at: clock.now(),
    });
  });
  return 'Deleted successfully';
}
