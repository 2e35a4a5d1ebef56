import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { createBackup } from '../../src/backup/create-backup';
import { restoreBackup } from '../../src/backup/restore-backup';
import { loadConfig } from '../../src/config';
import { createFileStore } from '../../src/files/create-file-store';
import { uploadFile } from '../support/attachments-world';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import {
  createItem,
  createOrgWorld,
  createProject,
  ok,
  type OrgWorld,
} from '../support/projects-world';
import { startS3TestServer, type S3TestServer } from '../support/s3-test-server';
import { quoteIdent, runSql, withDatabase } from '../support/test-database';

// With S3_BUCKET set the backup copies the objects the snapshot names out of the bucket, and a
// restore puts them into the (empty) bucket the target is configured with.

const silentLog = { info: () => {}, warn: () => {}, debug: () => {} };
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');
const cleanups: (() => Promise<void>)[] = [];
let source: S3TestServer;
let t: AuthTestContext;
let world: OrgWorld;

beforeAll(async () => {
  source = await startS3TestServer();
  cleanups.push(() => source.close());
  t = await startAuthTestApp({ env: source.env });
  cleanups.push(() => t.close());
  world = await createOrgWorld(t);
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function emptyTarget(s3: S3TestServer) {
  const adminUrl = inject('databaseAdminUrl');
  const name = `waymark_s3_restore_${randomBytes(6).toString('hex')}`;
  await runSql(adminUrl, `create database ${quoteIdent(name)}`);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'waymark-s3-restore-'));
  cleanups.push(async () => {
    await runSql(adminUrl, `drop database if exists ${quoteIdent(name)} with (force)`);
    await rm(dataDir, { recursive: true, force: true });
  });
  return loadConfig({ DATA_DIR: dataDir, DATABASE_URL: withDatabase(adminUrl, name), ...s3.env });
}

it('backs up the bucket objects the snapshot names and restores them into an empty bucket', async () => {
  const projectId = await createProject(t, world, 'https://shop.example');
  const itemId = await createItem(t, world.admin, world, {
    projectId,
    relativePath: '/',
    title: 'With files',
  });
  const uploaded = [randomBytes(20_000), Buffer.from('second file\n')];
  for (const [index, bytes] of uploaded.entries()) {
    ok(await uploadFile(t, world.admin, itemId, bytes, { fileName: `f${index}.bin` }));
  }
  const backupRoot = await mkdtemp(path.join(tmpdir(), 'waymark-s3-backups-'));
  cleanups.push(() => rm(backupRoot, { recursive: true, force: true }));
  const { dir, manifest } = await createBackup({
    config: t.config,
    outDir: backupRoot,
    log: silentLog,
  });
  expect(manifest.fileStore).toBe('s3');
  expect(manifest.files.map((file) => file.sha256).sort()).toEqual(uploaded.map(sha256).sort());

  const bucket = await startS3TestServer();
  cleanups.push(() => bucket.close());
  const target = await emptyTarget(bucket);
  await restoreBackup({ config: target, backupDir: dir, log: silentLog });
  const store = createFileStore(target);
  for (const file of manifest.files) {
    const body = await store.get(file.key);
    const bytes = body ? await buffer(body) : Buffer.alloc(0);
    expect(sha256(bytes)).toBe(file.sha256);
  }

  // The bucket now holds files: another restore with an empty database but this bucket is refused.
  const again = await emptyTarget(bucket);
  await expect(restoreBackup({ config: again, backupDir: dir, log: silentLog })).rejects.toThrow(
    /^Refusing to restore: the S3 bucket already holds files/,
  );
});
