import type { TAuditFilter } from '@waymark/core';
import { desc } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { Readable } from 'node:stream';
import type { Db } from '../../db/client';
import { auditEvents } from '../../db/schema';
import { auditCsvHead, auditCsvRows } from './audit-csv';
import { auditCondition, toAuditEvent } from './audit-query';

const BATCH = 1_000;

/** The CSV, piece by piece: the head, then one piece per batch of rows, newest first. */
async function* auditCsv(db: Db, orgId: number, filter: TAuditFilter): AsyncGenerator<string> {
  yield auditCsvHead();
  let before: number | undefined;
  for (;;) {
    const rows = await db
      .select()
      .from(auditEvents)
      .where(auditCondition(orgId, filter, before))
      .orderBy(desc(auditEvents.id))
      .limit(BATCH);
    if (rows.length === 0) return;
    yield auditCsvRows(rows.map(toAuditEvent));
    if (rows.length < BATCH) return;
    before = rows[rows.length - 1]!.id;
  }
}

/**
 * Sends an organization's audit rows matching `filter` as a CSV download, streamed batch by
 * batch (keyset on the id), so a years-long log exports in constant memory.
 */
export function sendAuditExport(
  reply: FastifyReply,
  { db }: { db: Db },
  input: { orgId: number; filter: TAuditFilter },
): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="waymark-org-${input.orgId}-audit.csv"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(Readable.from(auditCsv(db, input.orgId, input.filter)));
}
