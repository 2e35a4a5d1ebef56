import { and, eq, sql } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import { dataExports } from '../../src/db/schema';
import type { AuthTestContext } from '../support/auth-test-app';
import type { As } from '../support/projects-world';

/** The newest archive row of a kind for a person or an organization. */
export async function newestExport(
  t: AuthTestContext,
  where: { userId: number } | { orgId: number },
  kind: 'personal' | 'organization',
) {
  const [row] = await t.db
    .select()
    .from(dataExports)
    .where(
      and(
        eq(dataExports.kind, kind),
        'orgId' in where
          ? eq(dataExports.orgId, where.orgId)
          : eq(dataExports.userId, where.userId),
      ),
    )
    .orderBy(sql`${dataExports.id} desc`)
    .limit(1);
  return row;
}

/** Waits (the real job queue runs in the test app) until archive `exportId` is ready. */
export async function waitUntilReady(t: AuthTestContext, exportId: number, timeout = 45_000) {
  await vi.waitFor(
    async () => {
      const [row] = await t.db.select().from(dataExports).where(eq(dataExports.id, exportId));
      expect(row?.status).toBe('ready');
    },
    { timeout, interval: 250 },
  );
}

/** Mails enqueued to `to` with `subject` (the outbox's jobs). */
export async function mailsTo(t: AuthTestContext, to: string, subject: string) {
  const result = await t.db.execute<{ text: string }>(sql`select data->>'text' as text
    from pgboss.job where name = 'mail.send' and data->>'to' = ${to}
      and data->>'subject' = ${subject}`);
  return result.rows.map((row) => row.text);
}

/** Jobs of the preparing queue for archive `exportId`. */
export async function prepareJobs(t: AuthTestContext, exportId: number) {
  const result = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job
    where name = 'data-export.prepare' and (data->>'exportId')::int = ${exportId}`);
  return result.rows[0]?.n ?? 0;
}

/** Downloads an archive as `as`, bytes and all. */
export function download(t: AuthTestContext, as: As, exportId: number) {
  return t.call(as, { method: 'GET', url: `/api/data-export/downloadExport/${exportId}` });
}
