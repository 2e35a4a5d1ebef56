import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { projects } from '../../db/schema';
import type { FileStore } from '../../files/file-store';
import { deleteOrgFiles } from '../attachments/index';
import { purgeOrgAuditEvents } from '../audit/index';
import { forgetProjectPrefs } from '../inbox/index';
import { deleteOrgItems } from '../items/index';
import {
  beginOrgDeletion,
  deleteOrgRow,
  lockOrgClosure,
  type OrgClosureState,
} from '../organizations/index';

/** What {@link deleteClosedOrg} needs. */
export type DeleteOrgDeps = {
  db: Db;
  clock: Clock;
  files: FileStore;
  /** Rows deleted per transaction. */
  batchSize: number;
  /** Called after each committed batch (tests stop a run here to prove it resumes). */
  afterBatch?: () => void;
};

/** How a deletion run ended. */
export type DeletionOutcome = 'deleted' | 'not-due';

const isDue = (org: OrgClosureState | null, now: Date): org is OrgClosureState =>
  Boolean(org?.closedAt && org.deletesAt && org.deletesAt <= now);

/**
 * Deletes everything of a closed organization whose grace period is over (issue 33, decision
 * 0063), in steps that are each safe to repeat, so a run cut off anywhere (crash, deploy) is
 * finished by the next one: (1) the deletion is marked begun (no reopen from then on); (2) every
 * file under the organization's prefix in the store, local or S3; (3) its items, `batchSize` per
 * transaction, their notes, history, tags, links, pins and attachment rows cascading; (4) its audit
 * log, batch by batch; (5) the organization row, the database cascading to every other row that
 * references it, and notification preferences naming its projects. Each transaction re-reads the
 * row under its lock and stops if the organization is gone or no longer due. Users keep their
 * accounts; a membership is a row of the organization and goes with it.
 */
export async function deleteClosedOrg(
  deps: DeleteOrgDeps,
  orgId: number,
): Promise<DeletionOutcome> {
  const now = deps.clock.now();
  const begun = await deps.db.transaction(async (tx) => {
    const org = await lockOrgClosure(tx, orgId);
    if (!isDue(org, now)) return false;
    await beginOrgDeletion(tx, orgId);
    return true;
  });
  if (!begun) return 'not-due';
  await deleteOrgFiles(deps.files, orgId);
  deps.afterBatch?.();
  const inBatches = async (step: (tx: DbOrTx) => Promise<number>) => {
    for (;;) {
      const deleted = await deps.db.transaction(async (tx) =>
        (await lockOrgClosure(tx, orgId))?.closedAt ? step(tx) : 0,
      );
      deps.afterBatch?.();
      if (deleted < deps.batchSize) return;
    }
  };
  await inBatches((tx) => deleteOrgItems(tx, { orgId, limit: deps.batchSize }));
  await inBatches((tx) => purgeOrgAuditEvents(tx, { orgId, limit: deps.batchSize }));
  await deps.db.transaction(async (tx) => {
    if (!(await lockOrgClosure(tx, orgId))?.closedAt) return;
    const projectIds = await tx
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.orgId, orgId));
    await deleteOrgRow(tx, orgId);
    await forgetProjectPrefs(
      tx,
      projectIds.map((project) => project.id),
    );
  });
  return 'deleted';
}
