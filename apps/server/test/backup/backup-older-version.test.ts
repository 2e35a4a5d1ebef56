import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, inject, it } from 'vitest';
import { createBackup } from '../../src/backup/create-backup';
import { migrationsUpTo } from '../../src/backup/migration-level';
import { restoreBackup } from '../../src/backup/restore-backup';
import { loadConfig } from '../../src/config';
import { createDb } from '../../src/db/client';
import { migrateDatabase, readLatestMigrationTime } from '../../src/db/migrate';
import { MIGRATIONS_DIR } from '../../src/paths';
import { quoteIdent, runSql, withDatabase } from '../support/test-database';

// A backup taken by an older Waymark (an older migration level, no pg-boss schema yet) restores
// into this version: the schema is built at the backup's level, the rows loaded, then the newer
// migrations applied, as an upgrade would.

const silentLog = { info: () => {}, warn: () => {}, debug: () => {} };
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A new empty database and DATA_DIR, dropped after the file; answers its config. */
async function emptyDatabase() {
  const adminUrl = inject('databaseAdminUrl');
  const name = `waymark_older_${randomBytes(6).toString('hex')}`;
  await runSql(adminUrl, `create database ${quoteIdent(name)}`);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'waymark-older-'));
  cleanups.push(async () => {
    await runSql(adminUrl, `drop database if exists ${quoteIdent(name)} with (force)`);
    await rm(dataDir, { recursive: true, force: true });
  });
  const databaseUrl = withDatabase(adminUrl, name);
  return { databaseUrl, config: loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl }) };
}

it('restores a backup of an older migration level and applies the newer migrations', async () => {
  const journal = JSON.parse(
    await readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { when: number; tag: string }[] };
  const older = journal.entries.at(-3);
  if (!older) throw new Error('needs three migrations');

  const source = await emptyDatabase();
  const folder = await mkdtemp(path.join(tmpdir(), 'waymark-older-migrations-'));
  cleanups.push(() => rm(folder, { recursive: true, force: true }));
  await migrationsUpTo(older.when, folder);
  const sourceDb = createDb(source.databaseUrl);
  cleanups.push(() => sourceDb.$client.end());
  await migrateDatabase(sourceDb, folder);
  await sourceDb.$client.query(
    `insert into users (subject, email, first_name) values ('sub-1', 'ada@example.com', 'Ada')`,
  );

  const backupRoot = await mkdtemp(path.join(tmpdir(), 'waymark-older-backups-'));
  cleanups.push(() => rm(backupRoot, { recursive: true, force: true }));
  const { dir, manifest } = await createBackup({
    config: source.config,
    outDir: backupRoot,
    log: silentLog,
  });
  expect(manifest.migration).toEqual({ when: older.when, tag: older.tag });
  expect(manifest.jobSchemaVersion).toBeNull();

  const target = await emptyDatabase();
  await restoreBackup({ config: target.config, backupDir: dir, log: silentLog });
  const targetDb = createDb(target.databaseUrl);
  cleanups.push(() => targetDb.$client.end());
  const latest = await targetDb.$client.query<{ when: string }>(
    'select max(created_at)::text as when from drizzle.__drizzle_migrations',
  );
  expect(Number(latest.rows[0]?.when)).toBe(await readLatestMigrationTime());
  const users = await targetDb.$client.query<{ email: string; first_name: string }>(
    'select email, first_name from users',
  );
  expect(users.rows).toEqual([{ email: 'ada@example.com', first_name: 'Ada' }]);
  // The identity sequence went along: the next user does not collide with the restored one.
  await targetDb.$client.query(
    `insert into users (subject, email) values ('sub-2', 'grace@example.com')`,
  );
});
