import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { PgBoss } from 'pg-boss';
import { createDb } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { JOB_SCHEMA } from '../jobs/job-queue';
import { BackupError } from './backup-error';
import type { BackupManifest } from './manifest';
import { migrationsUpTo } from './migration-level';
import { quoteName } from './quote-name';

/**
 * Loads a verified backup into an empty database: the schema at the backup's migration level
 * (the committed migrations up to it, and pg-boss's own install), then every table's rows and
 * every sequence in one transaction with triggers off (the rows already hold what triggers would
 * derive), then the newer migrations, as an upgrade would run them.
 */
export async function loadDatabase(
  connectionString: string,
  backupDir: string,
  manifest: BackupManifest,
): Promise<void> {
  const db = createDb(connectionString);
  const folder = await mkdtemp(path.join(tmpdir(), 'waymark-restore-migrations-'));
  try {
    await migrationsUpTo(manifest.migration.when, folder);
    await migrateDatabase(db, folder);
    if (manifest.jobSchemaVersion !== null) await installJobSchema(connectionString);
    await copyRowsIn(connectionString, backupDir, manifest);
    await migrateDatabase(db);
  } finally {
    await db.$client.end();
    await rm(folder, { recursive: true, force: true });
  }
}

/** pg-boss creates its schema on start; nothing else of it runs. */
async function installJobSchema(connectionString: string): Promise<void> {
  const boss = new PgBoss({
    connectionString,
    schema: JOB_SCHEMA,
    max: 1,
    supervise: false,
    schedule: false,
    openTelemetry: { enabled: false },
  });
  boss.on('error', () => {});
  await boss.start();
  await boss.stop({ graceful: false });
}

async function copyRowsIn(
  connectionString: string,
  backupDir: string,
  manifest: BackupManifest,
): Promise<void> {
  const client = new pg.Client({ connectionString, application_name: 'waymark-restore' });
  await client.connect();
  try {
    await client.query('begin');
    try {
      // Foreign keys and triggers off for this transaction only: rows load in any order, and
      // no trigger re-derives (and duplicates) history, search or live rows the backup holds.
      await client.query(`set local session_replication_role = replica`);
    } catch (error) {
      throw new BackupError(
        `The restoring database role may not set session_replication_role (${(error as Error).message}): restore as the database's superuser, or GRANT SET ON PARAMETER session_replication_role to it`,
      );
    }
    for (const table of manifest.tables) {
      const name = quoteName(table.schema, table.name);
      const exists = await client.query<{ oid: string | null }>(
        'select to_regclass($1)::text as oid',
        [name],
      );
      if (!exists.rows[0]?.oid) {
        throw new BackupError(`The restored schema has no table ${name}; nothing was restored`);
      }
      // Rows a migration or pg-boss's install seeded are in the backup too.
      await client.query(`delete from ${name}`);
      const columns = table.columns.map((column) => quoteName(column)).join(', ');
      await pipeline(
        createReadStream(path.join(backupDir, table.file)),
        createGunzip(),
        client.query(copyFrom(`copy ${name} (${columns}) from stdin`)),
      );
    }
    for (const sequence of manifest.sequences) {
      await client.query('select setval($1::regclass, $2::bigint, $3)', [
        quoteName(sequence.schema, sequence.name),
        sequence.lastValue,
        sequence.isCalled,
      ]);
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
