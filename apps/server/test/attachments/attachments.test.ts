import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import {
  formatFeatureLimit,
  formatFileTooLarge,
  formatQuotaExceeded,
  getPlan,
  PLAN_IDS,
  type TAttachment,
} from '@waymark/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemAttachments, organizations } from '../../src/db/schema';
import { createFileStore } from '../../src/files/create-file-store';
import type { FileStore } from '../../src/files/file-store';
import { sweepOrphanFiles } from '../../src/modules/attachments/index';
import type { MatrixIds } from '../support/access-matrix';
import { downloadFile, uploadFile } from '../support/attachments-world';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { createMatrixWorld } from '../support/matrix-world';
import { TINY_PNG } from '../support/multipart';
import { addProjectMember, ok, type As } from '../support/projects-world';
import { startS3TestServer, type S3TestServer } from '../support/s3-test-server';

// Issue 14 proof, on both stores: local disk and a real S3-compatible server on loopback.
const MAX_FILE = 300_000;
const QUOTA = 1_000_000;
// A real WebM from Chromium's MediaRecorder (VP8, 1 s), as the panel's tab recordings are.
const TAB_RECORDING = readFileSync(new URL('../support/tab-recording.webm', import.meta.url));
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function storedKeys(files: FileStore): Promise<string[]> {
  const keys: string[] = [];
  for await (const page of files.list()) keys.push(...page.map((file) => file.key));
  return keys.sort();
}

describe.each(['local', 's3'] as const)('attachments on the %s store', (store) => {
  let s3: S3TestServer | undefined;
  let t: AuthTestContext;
  let files: FileStore;
  let admin: As;
  let ids: MatrixIds;

  beforeAll(async () => {
    s3 = store === 's3' ? await startS3TestServer() : undefined;
    t = await startAuthTestApp({
      env: {
        ...s3?.env,
        ATTACHMENT_MAX_BYTES: String(MAX_FILE),
        ATTACHMENT_ORG_QUOTA_BYTES: String(QUOTA),
      },
    });
    files = createFileStore(t.config);
    expect(files.kind).toBe(store);
    admin = await t.signIn();
    ids = await createMatrixWorld(t, admin, 'Attaching org');
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  it('round-trips a file byte for byte, with its SHA-256, and records it in the history', async () => {
    const bytes = randomBytes(MAX_FILE);
    const attachment = ok<TAttachment>(
      await uploadFile(t, admin, ids.itemId, bytes, { fileName: 'dump.bin' }),
    );
    expect(attachment).toMatchObject({
      fileName: 'dump.bin',
      sizeBytes: MAX_FILE,
      sha256: sha256(bytes),
      contentType: 'application/octet-stream',
      isImage: false,
    });
    const download = await downloadFile(t, admin, ids.itemId, attachment.attachmentId);
    expect(download.statusCode).toBe(200);
    expect(sha256(download.rawPayload)).toBe(sha256(bytes));
    expect(download.headers).toMatchObject({
      'content-type': 'application/octet-stream',
      'content-disposition': 'attachment; filename="dump.bin"',
      'x-content-type-options': 'nosniff',
    });
    expect(String(download.headers['content-security-policy'])).toMatch(/sandbox/);
    const list = ok<TAttachment[]>(
      await t.call(admin, { method: 'GET', url: `/api/item/getItemAttachments/${ids.itemId}` }),
    );
    expect(list.map((entry) => entry.attachmentId)).toContain(attachment.attachmentId);
    const history = ok<{ field: string; after: string | null }[]>(
      await t.call(admin, { method: 'GET', url: `/api/item/getItemHistory/${ids.itemId}` }),
    );
    expect(history).toContainEqual(
      expect.objectContaining({ field: 'attachments', after: 'dump.bin' }),
    );
  });

  it('detects the type from the bytes: a PNG is an inline image whatever the client claims', async () => {
    const attachment = ok<TAttachment>(
      await uploadFile(t, admin, ids.itemId, TINY_PNG, {
        fileName: 'shot.html',
        contentType: 'text/html',
      }),
    );
    expect(attachment).toMatchObject({ contentType: 'image/png', isImage: true });
    const download = await downloadFile(t, admin, ids.itemId, attachment.attachmentId);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toBe('inline; filename="shot.html"');
  });

  it('never serves HTML or SVG claimed to be an image as anything but a download', async () => {
    for (const [name, text] of [
      ['x.png', '<html><script>alert(1)</script></html>'],
      ['y.svg', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
    ] as const) {
      const attachment = ok<TAttachment>(
        await uploadFile(t, admin, ids.itemId, Buffer.from(text), {
          fileName: name,
          contentType: 'image/png',
        }),
      );
      expect(attachment.contentType).toBe('application/octet-stream');
      const download = await downloadFile(t, admin, ids.itemId, attachment.attachmentId);
      expect(download.headers['content-type']).toBe('application/octet-stream');
      expect(download.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
    }
  });

  // Issue 32: tab recordings are WebM attachments, played in the panel from the bytes.
  it('accepts a real WebM recording as video/webm, counted in the storage, served as a download', async () => {
    const before = ok<{ usedBytes: number }>(
      await t.call(admin, { method: 'GET', url: `/api/account/getAttachmentStorage/${ids.orgId}` }),
    );
    const attachment = ok<TAttachment>(
      await uploadFile(t, admin, ids.itemId, TAB_RECORDING, {
        fileName: 'recording-2026-11-26-08-00-00.webm',
        contentType: 'application/octet-stream',
      }),
    );
    expect(attachment).toMatchObject({
      contentType: 'video/webm',
      isImage: false,
      sizeBytes: TAB_RECORDING.length,
      sha256: sha256(TAB_RECORDING),
    });
    const after = ok<{ usedBytes: number }>(
      await t.call(admin, { method: 'GET', url: `/api/account/getAttachmentStorage/${ids.orgId}` }),
    );
    expect(after.usedBytes - before.usedBytes).toBe(TAB_RECORDING.length);
    const download = await downloadFile(t, admin, ids.itemId, attachment.attachmentId);
    expect(sha256(download.rawPayload)).toBe(sha256(TAB_RECORDING));
    expect(download.headers).toMatchObject({
      'content-type': 'application/octet-stream',
      'x-content-type-options': 'nosniff',
    });
    expect(String(download.headers['content-security-policy'])).toMatch(/sandbox/);
  });

  it('refuses a file named .webm whose bytes are not a WebM, and stores nothing', async () => {
    const keys = await storedKeys(files);
    const rows = await t.db.$count(itemAttachments);
    for (const bytes of [TINY_PNG, Buffer.from('GET /a 500\n'), randomBytes(4096)]) {
      const response = await uploadFile(t, admin, ids.itemId, bytes, {
        fileName: 'recording.WEBM',
        contentType: 'video/webm',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'BAD_REQUEST',
        message:
          '“recording.WEBM” is named as a WebM video but its content is not one. Attach the original recording.',
      });
    }
    expect(await storedKeys(files)).toEqual(keys);
    expect(await t.db.$count(itemAttachments)).toBe(rows);
  });

  // Issue 25: a browser log was stored as application/octet-stream.
  it('records a .log or .txt as text/plain, yet still serves it only as a download', async () => {
    for (const name of ['console.log', 'notes.txt']) {
      const attachment = ok<TAttachment>(
        await uploadFile(t, admin, ids.itemId, Buffer.from('GET /a 500\nretrying…\n'), {
          fileName: name,
        }),
      );
      expect(attachment).toMatchObject({ contentType: 'text/plain', isImage: false });
      const download = await downloadFile(t, admin, ids.itemId, attachment.attachmentId);
      expect(download.headers).toMatchObject({
        'content-type': 'application/octet-stream',
        'content-disposition': `attachment; filename="${name}"`,
        'x-content-type-options': 'nosniff',
      });
      expect(String(download.headers['content-security-policy'])).toMatch(/sandbox/);
    }
  });

  // Issue 24: a right-to-left override made `invoice<RLO>fdp.exe` display as `invoiceexe.pdf`.
  it('strips bidirectional controls from the stored, listed and served name', async () => {
    const attachment = ok<TAttachment>(
      await uploadFile(t, admin, ids.itemId, TINY_PNG, { fileName: 'invoice\u202efdp\u2066.exe' }),
    );
    expect(attachment.fileName).toBe('invoicefdp.exe');
    const [row] = await t.db
      .select({ fileName: itemAttachments.fileName })
      .from(itemAttachments)
      .where(eq(itemAttachments.id, attachment.attachmentId));
    expect(row?.fileName).toBe('invoicefdp.exe');
    // A name stored before uploads were cleaned is cleaned when listed and served.
    await t.db
      .update(itemAttachments)
      .set({ fileName: 'old\u202egpj.exe' })
      .where(eq(itemAttachments.id, attachment.attachmentId));
    const list = ok<TAttachment[]>(
      await t.call(admin, { method: 'GET', url: `/api/item/getItemAttachments/${ids.itemId}` }),
    );
    expect(list.find((entry) => entry.attachmentId === attachment.attachmentId)?.fileName).toBe(
      'oldgpj.exe',
    );
    const download = await downloadFile(t, admin, ids.itemId, attachment.attachmentId);
    expect(download.headers['content-disposition']).toBe('inline; filename="oldgpj.exe"');
  });

  it('refuses a file over the limit with 413 and stores nothing', async () => {
    const before = await storedKeys(files);
    const rows = await t.db.$count(itemAttachments);
    const response = await uploadFile(t, admin, ids.itemId, randomBytes(MAX_FILE + 1));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: formatFileTooLarge(MAX_FILE),
    });
    expect(await storedKeys(files)).toEqual(before);
    expect(await t.db.$count(itemAttachments)).toBe(rows);
  });

  it("refuses an upload past the organization's quota with a clear 409 and stores nothing", async () => {
    const owner = await t.signIn();
    const world = await createMatrixWorld(t, owner, 'Quota org');
    let response = await uploadFile(t, owner, world.itemId, randomBytes(MAX_FILE));
    while (response.statusCode === 200)
      response = await uploadFile(t, owner, world.itemId, randomBytes(MAX_FILE));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'CONFLICT',
      message: formatQuotaExceeded(QUOTA),
    });
    const storage = ok<{ usedBytes: number; quotaBytes: number }>(
      await t.call(owner, {
        method: 'GET',
        url: `/api/account/getAttachmentStorage/${world.orgId}`,
      }),
    );
    expect(storage.quotaBytes).toBe(QUOTA);
    expect(storage.usedBytes).toBeLessThanOrEqual(QUOTA);
    expect(storage.usedBytes + MAX_FILE).toBeGreaterThan(QUOTA);
    const keys = (await storedKeys(files)).filter((key) => key.startsWith(`org-${world.orgId}/`));
    expect(keys).toHaveLength(
      await t.db.$count(itemAttachments, eq(itemAttachments.orgId, world.orgId)),
    );
  });

  it('refuses attaching on Basic with the plan wording, yet keeps old files downloadable', async () => {
    const owner = await t.signIn();
    const world = await createMatrixWorld(t, owner, 'Downgraded org');
    await t.db
      .update(organizations)
      .set({ planId: PLAN_IDS.basic })
      .where(eq(organizations.id, world.orgId));
    const response = await uploadFile(t, owner, world.itemId, TINY_PNG);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'PLAN_LIMIT',
      message: formatFeatureLimit(getPlan(PLAN_IDS.basic), 'attachments'),
    });
    const download = await downloadFile(t, owner, world.itemId, world.attachmentId);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(TINY_PNG)).toBe(true);
  });

  it("gives another organization's admin and a member without the project nothing", async () => {
    const outsider = await t.signIn();
    await createMatrixWorld(t, outsider, 'Outsider org');
    const member = await addProjectMember(t, ids.orgId, ids.spareProjectId);
    for (const as of [outsider, member]) {
      const download = await downloadFile(t, as, ids.itemId, ids.attachmentId);
      expect(download.statusCode).toBe(404);
      expect(download.rawPayload.includes(TINY_PNG)).toBe(false);
      expect((await uploadFile(t, as, ids.itemId, TINY_PNG)).statusCode).toBe(404);
    }
    // An attachment id of another item is not reachable through an item the caller may read.
    const own = await downloadFile(t, admin, ids.otherItemId, ids.attachmentId);
    expect(own.statusCode).toBe(404);
  });

  it('deletes an attachment with its file and records the removal', async () => {
    const attachment = ok<TAttachment>(
      await uploadFile(t, admin, ids.otherItemId, TINY_PNG, { fileName: 'gone.png' }),
    );
    const [row] = await t.db
      .select({ key: itemAttachments.storageKey })
      .from(itemAttachments)
      .where(eq(itemAttachments.id, attachment.attachmentId));
    expect(await storedKeys(files)).toContain(row?.key);
    const url = `/api/item/deleteAttachment/${ids.otherItemId}/${attachment.attachmentId}`;
    expect(ok<string>(await t.call(admin, { method: 'POST', url }))).toBe(
      'Attachment deleted successfully',
    );
    expect(await storedKeys(files)).not.toContain(row?.key);
    expect(
      (await downloadFile(t, admin, ids.otherItemId, attachment.attachmentId)).statusCode,
    ).toBe(404);
    const history = ok<{ field: string; before: string | null }[]>(
      await t.call(admin, { method: 'GET', url: `/api/item/getItemHistory/${ids.otherItemId}` }),
    );
    expect(history[0]).toMatchObject({ field: 'attachments', before: 'gone.png' });
  });

  it("removes a deleted item's and project's files, and orphans, on the sweep", async () => {
    const owner = await t.signIn();
    const world = await createMatrixWorld(t, owner, 'Deleting org');
    const keysOf = async () =>
      (await storedKeys(files)).filter((key) => key.startsWith(`org-${world.orgId}/`));
    expect(await keysOf()).toHaveLength(2);
    await files.put(`org-${world.orgId}/orphan`, Readable.from([TINY_PNG]));
    ok(await t.call(owner, { method: 'POST', url: `/api/item/deleteItem/${world.itemId}` }));
    expect(await sweepOrphanFiles({ db: t.db, files }, { graceMs: 0 })).toBe(3);
    expect(await keysOf()).toEqual([]);
    ok(await uploadFile(t, owner, world.otherItemId, TINY_PNG));
    expect(await keysOf()).toHaveLength(1);
    ok(
      await t.call(owner, { method: 'GET', url: `/api/project/deleteProject/${world.projectId}` }),
    );
    expect(await sweepOrphanFiles({ db: t.db, files }, { graceMs: 0 })).toBe(1);
    expect(await keysOf()).toEqual([]);
    // A live attachment survives any number of sweeps.
    expect((await downloadFile(t, admin, ids.itemId, ids.attachmentId)).statusCode).toBe(200);
  });
});
