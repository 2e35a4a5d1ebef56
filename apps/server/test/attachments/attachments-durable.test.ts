import { randomBytes } from 'node:crypto';
import type { TAttachment } from '@waymark/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemAttachments } from '../../src/db/schema';
import type { FileStore } from '../../src/files/file-store';
import type { MatrixIds } from '../support/access-matrix';
import { uploadFile } from '../support/attachments-world';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { createMatrixWorld } from '../support/matrix-world';
import { startS3TestServer, type S3TestServer } from '../support/s3-test-server';
import { ok, type As } from '../support/projects-world';

// Decision 0095: the row's transaction runs while the disk finishes the file and commits only
// once the file is durable. A store whose fsync fails after the row's statements ran must leave
// no row, and no file either.
describe('an upload whose file never becomes durable', () => {
  let t: AuthTestContext;
  let store: FileStore;
  let admin: As;
  let ids: MatrixIds;
  /** When set, the next `put` writes every byte, then reports a failed fsync. */
  let failFsync = false;

  /** Resolves once another transaction holds the organization row (the upload's, recording it). */
  async function untilOrgLocked(orgId: number): Promise<void> {
    // Bounded: should the upload never lock it, the failure is reported anyway and the test's
    // assertions say what went wrong.
    for (let attempt = 0; attempt < 500; attempt += 1) {
      const free = await t.db.execute(
        sql`select id from organizations where id = ${orgId} for update skip locked`,
      );
      if (free.rows.length === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  beforeAll(async () => {
    t = await startAuthTestApp({
      wrapFiles: (files) => {
        store = files;
        return {
          ...files,
          async put(key, body) {
            await files.put(key, body);
            if (!failFsync) return;
            failFsync = false;
            // The disk reports the failure late: while the upload's row is being recorded.
            await untilOrgLocked(ids.orgId);
            throw Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' });
          },
        };
      },
    });
    admin = await t.signIn();
    ids = await createMatrixWorld(t, admin, 'Durable org');
  });
  afterAll(async () => {
    await t.close();
  });

  async function orgKeys(): Promise<string[]> {
    const keys: string[] = [];
    for await (const page of store.list(`org-${ids.orgId}/`))
      keys.push(...page.map((file) => file.key));
    return keys.sort();
  }
  const rowsOfItem = () => t.db.$count(itemAttachments, eq(itemAttachments.itemId, ids.itemId));

  it('rolls the row back and removes the file when the fsync fails', async () => {
    const rows = await rowsOfItem();
    const keys = await orgKeys();
    failFsync = true;
    const response = await uploadFile(t, admin, ids.itemId, randomBytes(100_000));
    expect(await rowsOfItem()).toBe(rows);
    expect(response.statusCode).toBe(500);
    expect(await orgKeys()).toEqual(keys);
    // The store did report its failure (the upload waited for it).
    expect(failFsync).toBe(false);
  });

  it('records the next upload normally', async () => {
    const rows = await rowsOfItem();
    const keys = await orgKeys();
    const attachment = ok<TAttachment>(
      await uploadFile(t, admin, ids.itemId, randomBytes(100_000), { fileName: 'next.bin' }),
    );
    expect(attachment.sizeBytes).toBe(100_000);
    expect(await rowsOfItem()).toBe(rows + 1);
    expect(await orgKeys()).toHaveLength(keys.length + 1);
  });
});

// Decision 0149: a bucket's last parts can take seconds. The row's transaction (the organization
// row locked, a pooled connection held) no longer waits for them, so it cannot pass the
// idle-in-transaction limit; before, such an upload was answered 503 and its file removed.
describe('an upload to a bucket slower than the idle-in-transaction limit', () => {
  const IDLE_MS = 500;
  let s3: S3TestServer;
  let t: AuthTestContext;
  let admin: As;
  let ids: MatrixIds | undefined;
  /** Whether the organization row was free to lock while a put was still finishing. */
  const orgFreeDuringPut: boolean[] = [];

  beforeAll(async () => {
    s3 = await startS3TestServer();
    t = await startAuthTestApp({
      env: { ...s3.env, DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: String(IDLE_MS) },
      wrapFiles: (files) => ({
        ...files,
        async put(key, body) {
          await files.put(key, body);
          // The bucket takes three times the limit to confirm the last parts.
          await new Promise((resolve) => setTimeout(resolve, IDLE_MS * 3));
          // The world's own uploads come before its ids are known.
          if (!ids) return;
          const free = await t.db.execute(
            sql`select id from organizations where id = ${ids.orgId} for update skip locked`,
          );
          orgFreeDuringPut.push(free.rows.length === 1);
        },
      }),
    });
    admin = await t.signIn();
    ids = await createMatrixWorld(t, admin, 'Slow bucket org');
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('is recorded once the file is stored, with no transaction open meanwhile', async () => {
    const world = ids;
    if (!world) throw new Error('No world');
    orgFreeDuringPut.length = 0;
    const attachment = ok<TAttachment>(
      await uploadFile(t, admin, world.itemId, randomBytes(100_000), { fileName: 'slow.bin' }),
    );
    expect(attachment.sizeBytes).toBe(100_000);
    expect(orgFreeDuringPut).toEqual([true]);
    const download = await t.call(admin, {
      method: 'GET',
      url: `/api/item/downloadAttachment/${world.itemId}/${attachment.attachmentId}`,
    });
    expect(download.rawPayload.length).toBe(100_000);
  });
});
