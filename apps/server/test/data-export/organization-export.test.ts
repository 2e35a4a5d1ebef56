import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { unzipSync, strFromU8 } from 'fflate';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app';
import { auditEvents, dataExports } from '../../src/db/schema';
import { createFileStore } from '../../src/files/create-file-store';
import { purgeExpiredExports } from '../../src/modules/data-export/index';
import { prepareExport } from '../../src/modules/data-export/prepare-export';
import { UNNAMED_GRACE_MS } from '../../src/modules/data-export/purge-exports';
import type { Mailer } from '../../src/modules/mail/index';
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
import { download, mailsTo, prepareJobs, waitUntilReady } from './data-export-world';

// Issue 33: the organization export — a ZIP of the whole organization, its files included, for
// its admins; the "final export" offered when an organization is closed.

let t: AuthTestContext;
/** Two organizations with look-alike data: same names, same e-mail local parts. */
let orgA: OrgWorld;
let orgB: OrgWorld;
let projectA: number;
let copy2: FastifyInstance;

beforeAll(async () => {
  t = await startAuthTestApp();
  orgA = await createOrgWorld(t, { firstName: 'Olga', email: 'olga@a.test' });
  orgB = await createOrgWorld(t, { firstName: 'Olga', email: 'olga@b.test' });
  projectA = await createProject(t, orgA, 'https://zip-a.example.test', 'Shop');
  const projectB = await createProject(t, orgB, 'https://zip-b.example.test', 'Shop');
  for (const [world, projectId, tag] of [
    [orgA, projectA, 'A'],
    [orgB, projectB, 'B'],
  ] as const) {
    const itemId = await createItem(t, world.admin, world, {
      projectId,
      relativePath: '/checkout',
      title: `Checkout broken ${tag}`,
    });
    ok(
      await t.call(world.admin, {
        method: 'POST',
        url: '/api/item/updateItem',
        payload: { itemId, title: `Checkout still broken ${tag}` },
      }),
    );
    ok(
      await t.call(world.admin, {
        method: 'POST',
        url: '/api/item/addItemNote',
        payload: { itemId, text: `Seen on Safari ${tag}` },
      }),
    );
    ok(
      await uploadFile(t, world.admin, itemId, Buffer.concat([TINY_PNG, Buffer.from(tag)]), {
        fileName: `../screen ${tag}.png`,
      }),
    );
  }
  copy2 = await buildApp({ config: t.config, db: t.db, logger: t.app.log, clock: t.clock });
  await copy2.ready();
}, 120_000);
afterAll(async () => {
  await copy2.close();
  await t.close();
});

const requestZip = (app: FastifyInstance, as: { authorization: string }, orgId: number) =>
  app.inject({
    method: 'POST',
    url: '/api/data-export/requestOrganizationExport',
    headers: { authorization: as.authorization },
    payload: { orgId },
  });

describe('the organization export (issue 33)', () => {
  it('30 concurrent requests on two copies make one ZIP and one mail; it holds the whole organization and nothing of the look-alike', async () => {
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        requestZip(i % 2 === 0 ? t.app : copy2, orgA.admin, orgA.orgId),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(30).fill(200));
    const ids = new Set(responses.map((response) => response.json<{ id: number }>().id));
    expect(ids.size).toBe(1);
    const [exportId] = [...ids] as [number];
    expect(await prepareJobs(t, exportId)).toBe(1);
    expect(await t.db.$count(auditEvents, eq(auditEvents.action, 'organization.exported'))).toBe(1);
    await waitUntilReady(t, exportId);
    const mails = await mailsTo(t, 'olga@a.test', 'Your Waymark organization export is ready');
    expect(mails).toHaveLength(1);

    const response = await download(t, orgA.admin, exportId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const [row] = await t.db.select().from(dataExports).where(eq(dataExports.id, exportId));
    expect(response.rawPayload.length).toBe(row?.sizeBytes);
    const entries = unzipSync(new Uint8Array(response.rawPayload));
    const attachmentName = Object.keys(entries).find((name) => name.startsWith('attachments/'));
    expect(Object.keys(entries).sort()).toEqual(
      [
        'organization.json',
        'projects.json',
        'domains.json',
        'paths.json',
        'url-templates.json',
        'custom-fields.json',
        'items.json',
        'notes.json',
        'history.json',
        'attachments.json',
        attachmentName,
      ].sort(),
    );
    expect(attachmentName).toMatch(/^attachments\/\d+-screen A\.png$/);
    const json = (name: string) => JSON.parse(strFromU8(entries[name]!)) as unknown;
    expect(json('organization.json')).toMatchObject({
      format: 'waymark.organization',
      organization: { id: orgA.orgId, name: 'Org' },
      members: [expect.objectContaining({ email: 'olga@a.test', role: 'Owner' })],
    });
    expect(json('projects.json')).toEqual([
      expect.objectContaining({ id: projectA, name: 'Shop' }),
    ]);
    expect(json('domains.json')).toEqual([
      expect.objectContaining({ projectId: projectA, baseUrl: 'https://zip-a.example.test' }),
    ]);
    expect(json('items.json')).toEqual([
      expect.objectContaining({ title: 'Checkout still broken A', path: '/checkout' }),
    ]);
    expect(json('notes.json')).toEqual([expect.objectContaining({ text: 'Seen on Safari A' })]);
    expect(json('history.json')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          field: 'title',
          before: 'Checkout broken A',
          after: 'Checkout still broken A',
        }),
      ]),
    );
    expect(json('attachments.json')).toEqual([
      expect.objectContaining({ fileName: 'screen A.png', file: attachmentName }),
    ]);
    expect(Buffer.from(entries[attachmentName!]!)).toEqual(
      Buffer.concat([TINY_PNG, Buffer.from('A')]),
    );
    const everything = Object.values(entries).map((bytes) => Buffer.from(bytes).toString('latin1'));
    for (const text of everything) {
      expect(text).not.toContain('b.test');
      expect(text).not.toContain('broken B');
      expect(text).not.toContain('exports/');
    }
  });

  it('only the organization’s admins download it: a member, the look-alike admin and a stranger get 404', async () => {
    const requested = ok<{ id: number }>(await requestZip(t.app, orgA.admin, orgA.orgId));
    await waitUntilReady(t, requested.id);
    const member = await addMember(t, orgA, [projectA]);
    const stranger = await t.signIn();
    for (const as of [member.as, orgB.admin, stranger]) {
      const refused = await download(t, as, requested.id);
      expect(refused.statusCode).toBe(404);
      expect(refused.body).not.toContain('Org');
    }
    // A member cannot ask for one either (403), nor the look-alike admin (404); nothing changes.
    const before = await t.db.$count(dataExports);
    expect((await requestZip(t.app, member.as, orgA.orgId)).statusCode).toBe(403);
    expect((await requestZip(t.app, orgB.admin, orgA.orgId)).statusCode).toBe(404);
    expect(await t.db.$count(dataExports)).toBe(before);
    // The status call shows it to the admins.
    const status = ok<{ latest: { id: number; status: string } }>(
      await t.call(orgA.admin, {
        method: 'GET',
        url: `/api/data-export/getOrganizationExport/${orgA.orgId}`,
      }),
    );
    expect(status.latest).toMatchObject({ id: requested.id, status: 'ready' });
  });
});

/** Organization `orgId`'s archive rows, oldest first. */
const archivesOf = (orgId: number) =>
  t.db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.kind, 'organization'), eq(dataExports.orgId, orgId)))
    .orderBy(dataExports.id);

describe('one ready archive per organization (decision 0136)', () => {
  it('a new archive replaces the last one, row and file; a download under way still finishes; 30 concurrent requests make one job', async () => {
    const files = createFileStore(t.config);
    const first = ok<{ id: number }>(await requestZip(t.app, orgB.admin, orgB.orgId));
    await waitUntilReady(t, first.id);
    const [old] = await archivesOf(orgB.orgId);
    const oldKey = old?.storageKey ?? '';
    // Someone is downloading the old archive when the new one becomes ready.
    const underWay = await files.get(oldKey);
    expect(underWay).toBeDefined();

    const start = t.clock.at;
    t.clock.at = new Date(start.getTime() + 61_000); // past the repeat window (decision 0115)
    try {
      const responses = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          requestZip(i % 2 === 0 ? t.app : copy2, orgB.admin, orgB.orgId),
        ),
      );
      const ids = new Set(responses.map((response) => ok<{ id: number }>(response).id));
      expect(ids.size).toBe(1);
      const [second] = [...ids] as [number];
      expect(second).not.toBe(first.id);
      expect(await prepareJobs(t, second)).toBe(1);
      await waitUntilReady(t, second);

      const rows = await archivesOf(orgB.orgId);
      expect(rows.map((row) => [row.id, row.status])).toEqual([[second, 'ready']]);
      await vi.waitFor(async () => expect(await files.get(oldKey)).toBeUndefined());
      expect((await download(t, orgB.admin, first.id)).statusCode).toBe(404);
      expect((await download(t, orgB.admin, second)).statusCode).toBe(200);
      // An open file outlives its deletion: the download under way gets every byte.
      const bytes = await buffer(underWay!);
      expect(bytes.length).toBe(old?.sizeBytes);
      expect(Object.keys(unzipSync(new Uint8Array(bytes)))).toContain('organization.json');
    } finally {
      t.clock.at = start;
    }
  });

  it('a crash between the replaced row and its file leaves a file no row names, which the purge deletes', async () => {
    const files = createFileStore(t.config);
    const [previous] = await archivesOf(orgB.orgId);
    expect(previous?.status).toBe('ready');
    const [preparing] = await t.db
      .insert(dataExports)
      .values({
        kind: 'organization',
        userId: orgB.adminUserId,
        orgId: orgB.orgId,
        requestedAt: t.clock.now(),
      })
      .returning();
    const crashing = {
      ...files,
      delete: () => Promise.reject(new Error('the process died here')),
    };
    const mailer: Mailer = { enqueue: () => Promise.resolve() };
    await expect(
      prepareExport(
        {
          db: t.db,
          clock: t.clock,
          files: crashing,
          mailer,
          publicUrl: t.config.publicUrl,
          linkHours: 72,
        },
        { exportId: preparing!.id },
        { retryCount: 0 },
      ),
    ).rejects.toThrow('the process died here');
    const rows = await archivesOf(orgB.orgId);
    expect(rows.map((row) => [row.id, row.status])).toEqual([[preparing!.id, 'ready']]);
    const orphan = await files.get(previous?.storageKey ?? '');
    expect(orphan, 'the replaced file is still there').toBeDefined();
    orphan?.destroy();

    // Younger than the sweep's grace (a file being written looks the same): kept.
    await purgeExpiredExports({ db: t.db, files, clock: t.clock });
    const young = await files.get(previous?.storageKey ?? '');
    expect(young).toBeDefined();
    young?.destroy();
    const realNow = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(realNow + UNNAMED_GRACE_MS + 60_000);
    try {
      await purgeExpiredExports({ db: t.db, files, clock: t.clock });
    } finally {
      vi.restoreAllMocks();
    }
    expect(await files.get(previous?.storageKey ?? '')).toBeUndefined();
    const kept = await files.get(rows[0]?.storageKey ?? '');
    expect(kept, 'the ready archive is kept').toBeDefined();
    kept?.destroy();
  });
});
