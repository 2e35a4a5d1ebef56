import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { auditEvents, dataExports } from '../../src/db/schema';
import { createFileStore } from '../../src/files/create-file-store';
import { purgeExpiredExports } from '../../src/modules/data-export/index';
import { uploadFile } from '../support/attachments-world';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { TINY_PNG } from '../support/multipart';
import {
  addMember,
  createItem,
  createOrgWorld,
  createProject,
  ok,
  type OrgWorld,
} from '../support/projects-world';
import { download, mailsTo, newestExport, prepareJobs, waitUntilReady } from './data-export-world';

// Issue 33: "Export my data" (GDPR Art. 20) — one archive per person at a time, mailed to them,
// downloadable by them only, until it expires; then purged.

const READY_SUBJECT = 'Your Waymark data export is ready';

let t: AuthTestContext;
/** Two organizations with look-alike data: same names, same e-mail local parts. */
let orgA: OrgWorld;
let orgB: OrgWorld;
let projectA: number;
let projectB: number;
let copy2: FastifyInstance;

beforeAll(async () => {
  // The retried export's first retry after 1–2 s instead of its kind's 10–20 s.
  t = await startAuthTestApp({ env: { JOB_RETRY_DELAY_SECONDS: '1' } });
  orgA = await createOrgWorld(t, { firstName: 'Olga', email: 'olga@a.test' });
  orgB = await createOrgWorld(t, { firstName: 'Olga', email: 'olga@b.test' });
  projectA = await createProject(t, orgA, 'https://export-a.example.test', 'Shop');
  projectB = await createProject(t, orgB, 'https://export-b.example.test', 'Shop');
  copy2 = await buildApp({ config: t.config, db: t.db, logger: t.app.log, clock: t.clock });
  await copy2.ready();
}, 120_000);
afterAll(async () => {
  await copy2.close();
  await t.close();
});

/** A member of `world` (signed in as `email`) with an item, a note and an attachment of theirs. */
async function writer(world: OrgWorld, projectId: number, email: string, tag: string) {
  const member = await addMember(t, world, [projectId], {
    firstName: 'Dana',
    lastName: 'Dev',
    email,
  });
  const itemId = await createItem(t, member.as, world, {
    projectId,
    relativePath: '/cart',
    title: `Dana's item ${tag}`,
  });
  ok(
    await t.call(member.as, {
      method: 'POST',
      url: '/api/item/addItemNote',
      payload: { itemId, text: `Dana's note ${tag}` },
    }),
  );
  ok(await uploadFile(t, member.as, itemId, TINY_PNG, { fileName: `dana-${tag}.png` }));
  return { ...member, itemId };
}

type Archive = {
  format: string;
  account: { id: number; email: string };
  memberships: { organization: { id: number; name: string }; role: string; projects: unknown[] }[];
  items: { id: number; title: string; createdByUserId: number }[];
  notes: { text: string; authorUserId: number }[];
  attachments: { fileName: string; sha256: string; sizeBytes: number }[];
};

describe('export my data (issue 33)', () => {
  it('30 concurrent requests on two copies make one archive, one job, one mail; it holds exactly my data', async () => {
    const dana = await writer(orgA, projectA, 'dana@a.test', 'A');
    await writer(orgB, projectB, 'dana@b.test', 'B');
    // Someone else's note on Dana's item, and someone else's item: not hers, not in her archive.
    ok(
      await t.call(orgA.admin, {
        method: 'POST',
        url: '/api/item/addItemNote',
        payload: { itemId: dana.itemId, text: "Olga's note" },
      }),
    );
    await createItem(t, orgA.admin, orgA, {
      projectId: projectA,
      relativePath: '/cart',
      title: "Olga's item",
    });

    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        (i % 2 === 0 ? t.app : copy2).inject({
          method: 'POST',
          url: '/api/data-export/requestMyDataExport',
          headers: { authorization: dana.as.authorization, 'user-agent': 'ExportTest/1.0' },
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(30).fill(200));
    const ids = new Set(responses.map((response) => response.json<{ id: number }>().id));
    expect(ids.size).toBe(1);
    const [exportId] = [...ids] as [number];
    expect(
      await t.db.$count(dataExports, eq(dataExports.userId, dana.userId)),
      'one archive row',
    ).toBe(1);
    expect(await prepareJobs(t, exportId)).toBe(1);
    const audits = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'data.exported'), eq(auditEvents.actorUserId, dana.userId)),
      );
    expect(audits.map((row) => row.orgId)).toEqual([orgA.orgId]);
    expect(audits[0]).toMatchObject({ targetId: String(dana.userId), userAgent: 'ExportTest/1.0' });

    await waitUntilReady(t, exportId);
    const mails = await mailsTo(t, 'dana@a.test', READY_SUBJECT);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`${t.config.publicUrl}/client/your-data?export=${exportId}`);

    const status = ok<{ latest: { id: number; status: string; expiresAt: string } }>(
      await t.call(dana.as, { method: 'GET', url: '/api/data-export/getMyDataExport' }),
    );
    expect(status.latest).toMatchObject({ id: exportId, status: 'ready', isExpired: false });
    expect(Date.parse(status.latest.expiresAt) - t.clock.now().getTime()).toBe(72 * 3_600_000);

    const response = await download(t, dana.as, exportId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="waymark-my-data-/,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    const archive = response.json<Archive>();
    expect(archive.format).toBe('waymark.personal-data');
    expect(archive.account).toMatchObject({ id: dana.userId, email: 'dana@a.test' });
    expect(archive.memberships).toEqual([
      expect.objectContaining({
        organization: { id: orgA.orgId, name: 'Org' },
        role: 'Member',
        projects: [{ id: projectA, name: 'Shop' }],
      }),
    ]);
    expect(archive.items.map((item) => item.title)).toEqual(["Dana's item A"]);
    expect(archive.notes.map((note) => note.text)).toEqual(["Dana's note A"]);
    expect(archive.attachments).toEqual([
      expect.objectContaining({ fileName: 'dana-A.png', sizeBytes: TINY_PNG.length }),
    ]);
    // Nothing of the look-alike organization, nor anyone else's words.
    expect(response.body).not.toContain('@b.test');
    expect(response.body).not.toContain("Dana's item B");
    expect(response.body).not.toContain('Olga');
    expect(response.body).not.toContain('storage');
  });

  it('the link works for its owner only: other people get 404, anonymous 401, nothing leaks', async () => {
    const erin = await addMember(t, orgA, [projectA], { firstName: 'Erin' });
    const requested = ok<{ id: number }>(
      await t.call(erin.as, { method: 'POST', url: '/api/data-export/requestMyDataExport' }),
    );
    await waitUntilReady(t, requested.id);
    for (const stranger of [orgA.admin, orgB.admin]) {
      const refused = await download(t, stranger, requested.id);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ code: 'NOT_FOUND' });
      expect(refused.body).not.toContain('Erin');
    }
    expect((await download(t, undefined, requested.id)).statusCode).toBe(401);
    expect((await download(t, erin.as, requested.id)).statusCode).toBe(200);
    // Within a minute of a ready one, a request answers it (a late double click, decision 0115).
    const repeated = ok<{ id: number }>(
      await t.call(erin.as, { method: 'POST', url: '/api/data-export/requestMyDataExport' }),
    );
    expect(repeated.id).toBe(requested.id);
    // After that a new request prepares a new archive, which replaces the old one (decision 0136).
    t.clock.at = new Date(t.clock.at.getTime() + 61_000);
    const again = ok<{ id: number; status: string }>(
      await t.call(erin.as, { method: 'POST', url: '/api/data-export/requestMyDataExport' }),
    );
    expect(again).toMatchObject({ status: 'preparing' });
    expect(again.id).not.toBe(requested.id);
    await waitUntilReady(t, again.id);
    expect(await t.db.$count(dataExports, eq(dataExports.userId, erin.userId))).toBe(1);
    expect((await download(t, erin.as, requested.id)).statusCode).toBe(404);
    expect((await download(t, erin.as, again.id)).statusCode).toBe(200);
  });

  it('after it expires the link answers 410 with a clear message; the purge removes file and row once', async () => {
    const fay = await addMember(t, orgA, [projectA], { firstName: 'Fay' });
    const requested = ok<{ id: number }>(
      await t.call(fay.as, { method: 'POST', url: '/api/data-export/requestMyDataExport' }),
    );
    await waitUntilReady(t, requested.id);
    const row = await newestExport(t, { userId: fay.userId }, 'personal');
    const files = createFileStore(t.config);
    const stored = await files.get(row?.storageKey ?? '');
    expect(stored).toBeDefined();
    // Closed here: a stream never read keeps its file open until garbage collection.
    stored?.destroy();

    const start = t.clock.at;
    t.clock.at = new Date(start.getTime() + 72 * 3_600_000 - 1000);
    expect((await download(t, fay.as, requested.id)).statusCode).toBe(200);
    t.clock.at = new Date(start.getTime() + 72 * 3_600_000);
    const expired = await download(t, fay.as, requested.id);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({
      code: 'GONE',
      message:
        'This download link has expired and the archive has been deleted. Request a new export to download your data again.',
    });
    // Two copies' purge jobs at once: the file and the row go, once.
    const purged = await Promise.all([
      purgeExpiredExports({ db: t.db, files, clock: t.clock }),
      purgeExpiredExports({ db: t.db, files, clock: t.clock }),
    ]);
    expect(purged.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(1);
    expect(await t.db.$count(dataExports, eq(dataExports.id, requested.id))).toBe(0);
    expect(await files.get(row?.storageKey ?? '')).toBeUndefined();
    expect((await download(t, fay.as, requested.id)).statusCode).toBe(404);
    t.clock.at = start;
  });

  it('a failure after the file was stored is retried by the queue, and still only one mail goes', async () => {
    const gus = await addMember(t, orgA, [projectA], { firstName: 'Gus', email: 'gus@a.test' });
    // The first attempt's "ready" update fails (as if the process died after writing the file).
    // A sequence, not a table: its count survives the failing transaction's rollback.
    await t.db.execute(sql`
      create sequence export_attempts;
      create function fail_first_ready() returns trigger language plpgsql as $$
      begin
        if new.status = 'ready' and nextval('export_attempts') = 1 then
          raise exception 'crash between the stored file and its row';
        end if;
        return new;
      end $$;
      create trigger fail_first_ready before update on data_exports
        for each row execute function fail_first_ready();`);
    try {
      const requested = ok<{ id: number }>(
        await t.call(gus.as, { method: 'POST', url: '/api/data-export/requestMyDataExport' }),
      );
      await waitUntilReady(t, requested.id, 60_000);
      const attempts = await t.db.execute<{ n: string }>(
        sql`select last_value::text as n from export_attempts`,
      );
      expect(attempts.rows[0]?.n, 'the queue retried the failed attempt').toBe('2');
      expect(await mailsTo(t, 'gus@a.test', READY_SUBJECT)).toHaveLength(1);
      expect((await download(t, gus.as, requested.id)).statusCode).toBe(200);
    } finally {
      await t.db.execute(
        sql`drop trigger fail_first_ready on data_exports; drop function fail_first_ready(); drop sequence export_attempts;`,
      );
    }
  }, 90_000);
});
