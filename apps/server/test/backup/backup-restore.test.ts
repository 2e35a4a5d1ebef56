import { createHash, randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/app';
import { BackupError } from '../../src/backup/backup-error';
import { createBackup } from '../../src/backup/create-backup';
import { restoreBackup } from '../../src/backup/restore-backup';
import { loadConfig, type Config } from '../../src/config';
import { createDb, type Db } from '../../src/db/client';
import { uploadFile } from '../support/attachments-world';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { createBillingIds } from '../support/billing-world';
import { EXTENSION_FIXTURE } from '../support/helper';
import {
  createItem,
  createOrgWorld,
  createProject,
  ok,
  type OrgWorld,
} from '../support/projects-world';
import { quoteIdent, runSql, withDatabase } from '../support/test-database';

// Issue 33: `npm run backup` under write load, `npm run restore` into a fresh database and data
// directory, and a server on the restored copy finds every acknowledged item, file byte and ledger
// row. The CLI is a thin wrapper over createBackup / restoreBackup, called here directly.

const AUDIENCE = 'https://waymark.test/api';
const silentLog = { info: () => {}, warn: () => {}, debug: () => {} };
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const LEDGER_TABLES = ['billing_charges', 'sandbox_payments', 'billing_accounts', 'licenses'];

let t: AuthTestContext;
let world: OrgWorld;
let projectId: number;
let backupRoot: string;
const cleanups: (() => Promise<void>)[] = [];
const files: { itemId: number; attachmentId: number; sha256: string }[] = [];

beforeAll(async () => {
  t = await startAuthTestApp({ env: { BILLING_TEST_CLOCK: 'true' } });
  backupRoot = await mkdtemp(path.join(tmpdir(), 'waymark-backups-'));
  world = await createOrgWorld(t);
  await createBillingIds(t, world.admin, world.orgId);
  projectId = await createProject(t, world, 'https://shop.example');
  for (let index = 0; index < 4; index++) {
    const itemId = await newItem(`Seeded ${index}`);
    ok(
      await t.call(world.admin, {
        method: 'POST',
        url: '/api/item/addItemNote',
        payload: { itemId, text: `Note on ${index}` },
      }),
    );
    const bytes = randomBytes(50_000 + index * 1000);
    const attachment = ok<{ attachmentId: number }>(
      await uploadFile(t, world.admin, itemId, bytes, { fileName: `dump-${index}.bin` }),
    );
    files.push({ itemId, attachmentId: attachment.attachmentId, sha256: sha256(bytes) });
  }
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await rm(backupRoot, { recursive: true, force: true });
  await t.close();
});

function newItem(title: string): Promise<number> {
  return createItem(t, world.admin, world, { projectId, relativePath: '/checkout', title });
}

/** An empty database and DATA_DIR to restore into, dropped after the file. */
async function emptyTarget(): Promise<{ config: Config; databaseUrl: string; dataDir: string }> {
  const adminUrl = inject('databaseAdminUrl');
  const name = `waymark_restore_${randomBytes(6).toString('hex')}`;
  await runSql(adminUrl, `create database ${quoteIdent(name)}`);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'waymark-restore-data-'));
  cleanups.push(async () => {
    await runSql(adminUrl, `drop database if exists ${quoteIdent(name)} with (force)`);
    await rm(dataDir, { recursive: true, force: true });
  });
  const databaseUrl = withDatabase(adminUrl, name);
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    GITHUB_API_URL: 'http://127.0.0.1:9',
    PORTAL_DIST: path.join(dataDir, 'no-portal'),
    EXTENSION_DIST: EXTENSION_FIXTURE,
    OIDC_ISSUER: t.issuer.url,
    OIDC_AUDIENCE: AUDIENCE,
    BILLING_TEST_CLOCK: 'true',
  });
  return { config, databaseUrl, dataDir };
}

/** Every row of `table`, ordered by its text, for equality across two databases. */
async function rowsOf(db: Db, table: string): Promise<string[]> {
  const result = await db.$client.query<{ row: string }>(
    `select t::text as row from ${quoteIdent(table)} t order by 1`,
  );
  return result.rows.map((row) => row.row);
}

async function countsOf(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ['items', 'item_notes', 'item_attachments', ...LEDGER_TABLES]) {
    const result = await db.$client.query<{ n: number }>(
      `select count(*)::int as n from ${quoteIdent(table)}`,
    );
    counts[table] = result.rows[0]?.n ?? -1;
  }
  return counts;
}

describe('backup and restore', () => {
  let backupDir: string;
  let acknowledged: { itemId: number; title: string }[] = [];
  let restored: { app: FastifyInstance; db: Db; config: Config };

  it('backs up while a writer keeps creating items, and restores every acknowledged write into a fresh database and data directory', async () => {
    const acks: { itemId: number; title: string; at: number }[] = [];
    let writing = true;
    let counter = 0;
    const writer = (async () => {
      while (writing) {
        const title = `Written under load ${counter++}`;
        const itemId = await newItem(title);
        acks.push({ itemId, title, at: Date.now() });
      }
    })();
    // Let the writer get going, so writes land before, during and after the snapshot.
    await new Promise((resolve) => setTimeout(resolve, 300));
    let snapshotAt = 0;
    let backup: Awaited<ReturnType<typeof createBackup>>;
    try {
      backup = await createBackup({
        config: t.config,
        outDir: backupRoot,
        log: silentLog,
        onSnapshot: (at) => {
          snapshotAt = at.getTime();
        },
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      writing = false;
      await writer;
    }
    const { dir, manifest } = backup;
    backupDir = dir;
    acknowledged = acks.filter((ack) => ack.at < snapshotAt);
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(acks.length).toBeGreaterThan(acknowledged.length); // writes went on after the snapshot
    expect(manifest.files.map((file) => file.sha256).sort()).toEqual(
      files.map((file) => file.sha256).sort(),
    );
    expect(manifest.migration.tag).not.toBe('');
    expect(await readFile(path.join(dir, 'manifest.json'), 'utf8')).not.toContain(
      new URL(t.databaseUrl).password,
    );

    const target = await emptyTarget();
    await restoreBackup({ config: target.config, backupDir: dir, log: silentLog });
    const db = createDb(target.databaseUrl);
    const app = await buildApp({ config: target.config, db, clock: t.clock });
    await app.ready();
    restored = { app, db, config: target.config };
    cleanups.push(async () => {
      await app.close();
      await db.$client.end();
    });

    for (const ack of acknowledged) {
      const answer = await app.inject({
        method: 'GET',
        url: `/api/item/getItem/${ack.itemId}`,
        headers: world.admin,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json<{ title: string }>().title).toBe(ack.title);
    }
    // Every table holds exactly the rows the snapshot had.
    for (const table of manifest.tables) {
      const count = await db.$client.query<{ n: number }>(
        `select count(*)::int as n from ${quoteIdent(table.schema)}.${quoteIdent(table.name)}`,
      );
      if (table.schema !== 'pgboss') expect(count.rows[0]?.n, table.name).toBe(table.rows);
    }
  });

  it('restores every file byte, note and ledger row, and the restored server keeps working', async () => {
    const { app, db } = restored;
    for (const file of files) {
      const download = await app.inject({
        method: 'GET',
        url: `/api/item/downloadAttachment/${file.itemId}/${file.attachmentId}`,
        headers: world.admin,
      });
      expect(download.statusCode).toBe(200);
      expect(sha256(download.rawPayload)).toBe(file.sha256);
    }
    // The generated key that seals integration secrets came along, or they could not be opened.
    expect(await readFile(path.join(restored.config.dataDir, 'integrations.key'), 'utf8')).toBe(
      await readFile(path.join(t.config.dataDir, 'integrations.key'), 'utf8'),
    );
    for (const table of [...LEDGER_TABLES, 'item_notes', 'item_attachments', 'audit_events']) {
      expect(await rowsOf(db, table), table).toEqual(await rowsOf(t.db, table));
    }
    // Sequences were carried over: a new item on the restored copy gets an unused id.
    const highest = await db.$client.query<{ id: number }>('select max(id)::int as id from items');
    const created = await app.inject({
      method: 'POST',
      url: '/api/item/createItem',
      headers: world.admin,
      payload: {
        projectId,
        relativePath: '/after-restore',
        title: 'After restore',
        itemTypeId: world.itemTypeIds[0],
        itemStatusId: world.statusIds[0],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json<{ itemId: number }>().itemId).toBeGreaterThan(highest.rows[0]?.id ?? 0);
  });

  it('refuses a target that is not empty and changes nothing in it', async () => {
    const before = await countsOf(restored.db);
    const error = await restoreBackup({
      config: restored.config,
      backupDir,
      log: silentLog,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BackupError);
    expect((error as Error).message).toMatch(/^Refusing to restore: the database at DATABASE_URL/);
    expect((error as Error).message).not.toContain(
      new URL(restored.config.databaseUrl ?? '').password,
    );
    expect(await countsOf(restored.db)).toEqual(before);

    // An empty database but a file store that holds a file: refused too, nothing written.
    const target = await emptyTarget();
    const stray = path.join(target.dataDir, 'attachments', 'stray.bin');
    await mkdir(path.dirname(stray), { recursive: true });
    await writeFile(stray, 'not mine');
    await expect(
      restoreBackup({ config: target.config, backupDir, log: silentLog }),
    ).rejects.toThrow(/^Refusing to restore: .*attachments already holds files/);
    const tables = await tablesIn(target.databaseUrl);
    expect(tables).toBe(0);
  });

  it('refuses a damaged backup before touching the target', async () => {
    const damaged = `${backupDir}-damaged`;
    await cp(backupDir, damaged, { recursive: true });
    const manifest = JSON.parse(await readFile(path.join(damaged, 'manifest.json'), 'utf8')) as {
      tables: { file: string; name: string }[];
    };
    const items = manifest.tables.find((table) => table.name === 'items');
    await writeFile(path.join(damaged, items?.file ?? ''), 'tampered');
    const target = await emptyTarget();
    await expect(
      restoreBackup({ config: target.config, backupDir: damaged, log: silentLog }),
    ).rejects.toThrow(/The backup is damaged: .*items\.copy\.gz does not match its checksum/);
    expect(await tablesIn(target.databaseUrl)).toBe(0);
  });
});

async function tablesIn(databaseUrl: string): Promise<number> {
  const db = createDb(databaseUrl);
  try {
    const result = await db.$client.query<{ n: number }>(
      `select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    return result.rows[0]?.n ?? -1;
  } finally {
    await db.$client.end();
  }
}
