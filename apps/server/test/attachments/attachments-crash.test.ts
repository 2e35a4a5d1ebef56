import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { findFreePort } from '../../src/db/free-port';
import { itemAttachments } from '../../src/db/schema';
import { createFileStore } from '../../src/files/create-file-store';
import type { FileStore } from '../../src/files/file-store';
import { createLocalFileStore } from '../../src/files/local-file-store';
import { sweepOrphanFiles } from '../../src/modules/attachments/index';
import type { MatrixIds } from '../support/access-matrix';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { startChildServer, type ChildServer } from '../support/child-server';
import { createMatrixWorld } from '../support/matrix-world';
import { multipartFile } from '../support/multipart';
import type { As } from '../support/projects-world';
import { startS3TestServer, type S3TestServer } from '../support/s3-test-server';

// Issue 14: a real server process SIGKILLed mid-upload leaves no row pointing at nothing, and the
// sweeper removes what it wrote. The world is built in-process; the child shares its database.
// Each case starts the server twice as a child process: 30 s is too tight on a loaded two-core
// machine.
describe.each(['local', 's3'] as const)(
  'an upload killed on the %s store',
  { timeout: 90_000 },
  (store) => {
    let s3: S3TestServer | undefined;
    let t: AuthTestContext;
    let admin: As;
    let ids: MatrixIds;
    let childDataDir: string;
    let files: FileStore;
    let server: ChildServer | undefined;

    beforeAll(async () => {
      s3 = store === 's3' ? await startS3TestServer() : undefined;
      t = await startAuthTestApp({ env: { ...s3?.env } });
      admin = await t.signIn();
      ids = await createMatrixWorld(t, admin, 'Crashing org');
      childDataDir = await mkdtemp(path.join(tmpdir(), 'waymark-attach-crash-'));
      files = s3
        ? createFileStore(t.config)
        : createLocalFileStore(path.join(childDataDir, 'attachments'));
    });
    afterEach(async () => {
      await server?.kill();
      server = undefined;
    });
    afterAll(async () => {
      await t.close();
      await s3?.close();
      await rm(childDataDir, { recursive: true, force: true });
    });

    async function start(): Promise<ChildServer> {
      server = await startChildServer({
        PORT: String(await findFreePort()),
        DATABASE_URL: t.databaseUrl,
        DATA_DIR: childDataDir,
        PORTAL_DIST: path.join(childDataDir, 'no-portal'),
        OIDC_ISSUER: t.config.oidc.issuer,
        OIDC_AUDIENCE: t.config.oidc.audience,
        ...s3?.env,
      });
      return server;
    }

    /** Keys of this organization's files, beyond the world's own two attachments. */
    async function newKeys(): Promise<string[]> {
      const known = await t.db.select({ key: itemAttachments.storageKey }).from(itemAttachments);
      const knownKeys = new Set(known.map((row) => row.key));
      const keys: string[] = [];
      for await (const page of files.list(`org-${ids.orgId}/`))
        keys.push(...page.map((file) => file.key).filter((key) => !knownKeys.has(key)));
      return keys;
    }

    /** Starts an upload over real HTTP; sends `sent` bytes of the body, the rest only if `all`. */
    function startUpload(
      running: ChildServer,
      body: { payload: Buffer; headers: Record<string, string> },
      sent: number,
    ) {
      const request = http.request(`${running.url}/api/item/uploadAttachment/${ids.itemId}`, {
        method: 'POST',
        headers: {
          ...body.headers,
          'content-length': String(body.payload.length),
          authorization: admin?.authorization ?? '',
        },
      });
      request.on('error', () => undefined); // the server dies under it
      request.write(body.payload.subarray(0, sent));
      if (sent >= body.payload.length) request.end();
      return request;
    }

    const rowsOfItem = () => t.db.$count(itemAttachments, eq(itemAttachments.itemId, ids.itemId));

    it('between the stored file and its row: no row, and the sweeper removes the file', async () => {
      const running = await start();
      const rowsBefore = await rowsOfItem();
      // Holding the item row blocks the upload's INSERT (its foreign key check) after the file is
      // fully stored: the kill lands exactly between file and row.
      const blocker = new pg.Client({ connectionString: t.databaseUrl });
      await blocker.connect();
      await blocker.query('begin');
      await blocker.query('select 1 from items where id = $1 for update', [ids.itemId]);
      try {
        const body = multipartFile(randomBytes(200_000), { fileName: 'crash.bin' });
        startUpload(running, body, body.payload.length);
        await vi.waitFor(
          async () =>
            expect((await newKeys()).filter((key) => !key.includes('.part-'))).toHaveLength(1),
          { timeout: 20_000, interval: 100 },
        );
        await running.kill();
        server = undefined;
      } finally {
        await blocker.query('rollback');
        await blocker.end();
      }
      expect(await rowsOfItem()).toBe(rowsBefore);
      expect(await newKeys()).toHaveLength(1);
      expect(await sweepOrphanFiles({ db: t.db, files }, { graceMs: 0 })).toBe(1);
      expect(await newKeys()).toEqual([]);
    });

    it('in the middle of the file: no row, no file under a real key, nothing left after a sweep', async () => {
      const running = await start();
      const rowsBefore = await rowsOfItem();
      const body = multipartFile(randomBytes(2_000_000), { fileName: 'half.bin' });
      startUpload(running, body, 1_000_000);
      if (store === 'local')
        await vi.waitFor(
          async () => expect((await newKeys()).some((key) => key.includes('.part-'))).toBe(true),
          {
            timeout: 20_000,
            interval: 100,
          },
        );
      else await new Promise((resolve) => setTimeout(resolve, 1_000));
      await running.kill();
      server = undefined;
      expect(await rowsOfItem()).toBe(rowsBefore);
      expect((await newKeys()).filter((key) => !key.includes('.part-'))).toEqual([]);
      await sweepOrphanFiles({ db: t.db, files }, { graceMs: 0 });
      expect(await newKeys()).toEqual([]);
    });
  },
);
