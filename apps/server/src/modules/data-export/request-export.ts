import { AppError, SIGN_IN_MESSAGE, type TDataExport } from '@waymark/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { dataExports, organizations, orgMembers, users } from '../../db/schema';
import type { EnqueueJob } from '../../jobs/job-queue';
import { recordAudit, type AuditContext } from '../audit/index';
import { toDataExport, type ExportRow } from './export-rows';

/** What {@link requestExport} needs. */
export type RequestExportDeps = {
  db: Db;
  clock: Clock;
  enqueuePrepare: EnqueueJob<{ exportId: number }>;
};

/** Which archive is asked for: the caller's own data, or organization `orgId`. */
export type ExportRequest =
  { kind: 'personal'; userId: number } | { kind: 'organization'; userId: number; orgId: number };

/**
 * Asks for an archive (issue 33). One is prepared at a time per person (personal) and per
 * organization: the row is inserted with its job in one transaction, and a partial unique index
 * turns every concurrent or repeated request (any server copy) into a no-op that answers the
 * archive already being prepared — 30 identical requests make one row, one job and one mail.
 * The request is audited in the organization (personal: in each organization the person is an
 * active member of, as their data there leaves with it).
 */
export async function requestExport(
  deps: RequestExportDeps,
  input: ExportRequest,
  audit: AuditContext,
): Promise<TDataExport> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const [inserted] = await tx
      .insert(dataExports)
      .values({
        kind: input.kind,
        userId: input.userId,
        orgId: input.kind === 'organization' ? input.orgId : null,
        requestedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!inserted) return toDataExport(await preparingRow(tx, input), now);
    await deps.enqueuePrepare(tx, { exportId: inserted.id });
    await auditRequest(tx, audit, input, inserted, now);
    return toDataExport(inserted, now);
  });
}

/** The archive already being prepared that made the insert a no-op. */
async function preparingRow(tx: DbOrTx, input: ExportRequest): Promise<ExportRow> {
  const [row] = await tx
    .select()
    .from(dataExports)
    .where(
      and(
        eq(dataExports.kind, input.kind),
        eq(dataExports.status, 'preparing'),
        input.kind === 'organization'
          ? eq(dataExports.orgId, input.orgId)
          : eq(dataExports.userId, input.userId),
      ),
    );
  // The conflicting row committed before the insert gave up, so it is visible here.
  if (!row) throw new AppError('CONFLICT', 'An export is already being prepared. Try again.');
  return row;
}

async function auditRequest(
  tx: DbOrTx,
  audit: AuditContext,
  input: ExportRequest,
  row: ExportRow,
  at: Date,
): Promise<void> {
  if (input.kind === 'organization') {
    const [org] = await tx
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, input.orgId));
    await recordAudit(tx, audit, {
      orgId: input.orgId,
      action: 'organization.exported',
      target: {
        type: 'organization',
        id: input.orgId,
        label: org?.name || `Organization ${input.orgId}`,
      },
      after: { exportId: row.id },
      at,
    });
    return;
  }
  const [user] = await tx
    .select({ email: users.email, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!user || user.deletedAt) throw new AppError('UNAUTHORIZED', SIGN_IN_MESSAGE);
  const memberships = await tx
    .select({ orgId: orgMembers.orgId })
    .from(orgMembers)
    .where(and(eq(orgMembers.userId, input.userId), inArray(orgMembers.status, ['Active'])));
  for (const { orgId } of memberships)
    await recordAudit(tx, audit, {
      orgId,
      action: 'data.exported',
      target: { type: 'user', id: input.userId, label: user.email },
      after: { exportId: row.id },
      at,
    });
}
