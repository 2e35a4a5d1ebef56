import { AppError, SIGN_IN_MESSAGE, type TDataExport } from '@waymark/core';
import { and, desc, eq, gt, inArray, or } from 'drizzle-orm';
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
 * A request this soon after the last one answers that one, even once it is ready (decision
 * 0115): a small archive can be ready before the last of a double click's or a retry's requests
 * arrives, and it must not make a second archive and a second mail.
 */
export const REPEAT_REQUEST_WINDOW_MS = 60_000;

/**
 * Asks for an archive (issue 33). One is prepared at a time per person (personal) and per
 * organization: the row is inserted with its job in one transaction, and a partial unique index
 * turns every concurrent or repeated request (any server copy) into a no-op that answers the
 * archive already being prepared — 30 identical requests make one row, one job and one mail; so
 * does a request within {@link REPEAT_REQUEST_WINDOW_MS} of a ready one. The request is audited
 * in the organization (personal: in each organization the person is an active member of, as
 * their data there leaves with it).
 */
export async function requestExport(
  deps: RequestExportDeps,
  input: ExportRequest,
  audit: AuditContext,
): Promise<TDataExport> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const recent = await recentRow(tx, input, now);
    if (recent) return toDataExport(recent, now);
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
    if (!inserted) return toDataExport(await answeringRow(tx, input, now), now);
    await deps.enqueuePrepare(tx, { exportId: inserted.id });
    await auditRequest(tx, audit, input, inserted, now);
    return toDataExport(inserted, now);
  });
}

/** The archive being prepared, or the last one asked for within the window and ready. */
async function recentRow(
  tx: DbOrTx,
  input: ExportRequest,
  now: Date,
): Promise<ExportRow | undefined> {
  const [row] = await tx
    .select()
    .from(dataExports)
    .where(
      and(
        eq(dataExports.kind, input.kind),
        input.kind === 'organization'
          ? eq(dataExports.orgId, input.orgId)
          : eq(dataExports.userId, input.userId),
        or(
          eq(dataExports.status, 'preparing'),
          and(
            eq(dataExports.status, 'ready'),
            gt(dataExports.requestedAt, new Date(now.getTime() - REPEAT_REQUEST_WINDOW_MS)),
          ),
        ),
      ),
    )
    .orderBy(desc(dataExports.id))
    .limit(1);
  return row;
}

/** The archive that made the insert a no-op (committed before the insert gave up, so visible). */
async function answeringRow(tx: DbOrTx, input: ExportRequest, now: Date): Promise<ExportRow> {
  const row = await recentRow(tx, input, now);
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
