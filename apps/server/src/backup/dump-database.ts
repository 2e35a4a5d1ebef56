import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { JOB_SCHEMA } from '../jobs/job-queue';
import { BackupError } from './backup-error';
import { hashFile } from './checksum';
import type { BackupSequence, BackupTable } from './manifest';
import { quoteName } from './quote-name';

/** What {@link dumpDatabase} read from one snapshot. */
export type DatabaseDump = {
  snapshotAt: string;
  postgresVersion: string;
  migration: { tag: string; when: number };
  jobSchemaVersion: number | null;
  tables: BackupTable[];
  sequences: BackupSequence[];
  /** Every attachment's storage key the snapshot names: the files the backup must hold. */
  attachmentKeys: string[];
};

/** Called once the snapshot is taken: every change committed before this moment is in the dump. */
export type OnSnapshot = (at: Date) => void | Promise<void>;

const SYSTEM_SCHEMAS = `('pg_catalog', 'information_schema', 'pg_toast')`;

/**
 * Copies every ordinary table of the database into `<dir>/database/*.copy.gz` (COPY text format)
 * from ONE repeatable-read snapshot, as pg_dump does: the server may keep writing, and the dump is
 * exactly the database as of the snapshot (docs/decisions.md 0050 on why not pg_dump itself).
 * Tables are locked ACCESS SHARE (as pg_dump does) so no migration alters one mid-dump.
 */
export async function dumpDatabase(
  connectionString: string,
  dir: string,
  onSnapshot?: OnSnapshot,
): Promise<DatabaseDump> {
  await mkdir(path.join(dir, 'database'), { recursive: true });
  const client = new pg.Client({ connectionString, application_name: 'waymark-backup' });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    // The next query takes the snapshot: whatever committed before this moment is in it (what
    // committed while that query ran may be too; that is no promise to anyone).
    const snapshotAt = new Date();
    const tableRows = await client.query<{ schema: string; name: string; columns: string[] }>(
      `select n.nspname as schema, c.relname as name,
              array_agg(a.attname::text order by a.attnum) as columns
         from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
         join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                             and a.attgenerated = ''
        where c.relkind = 'r' and c.relpersistence = 'p'
          and n.nspname not in ${SYSTEM_SCHEMAS} and n.nspname not like 'pg_temp%'
        group by n.nspname, c.relname
        order by n.nspname, c.relname`,
    );
    await onSnapshot?.(snapshotAt);
    const tables = tableRows.rows;
    if (tables.length > 0) {
      const names = tables.map((table) => quoteName(table.schema, table.name)).join(', ');
      await client.query(`lock table ${names} in access share mode`);
    }
    const migration = await readMigration(client);
    const jobSchemaVersion = await readJobSchemaVersion(client, tables);
    const postgresVersion = (await client.query<{ v: string }>('show server_version')).rows[0]?.v;
    const dumped: BackupTable[] = [];
    for (const [index, table] of tables.entries()) {
      dumped.push(await dumpTable(client, dir, index, table));
    }
    const sequences = await readSequences(client);
    const attachmentKeys = tables.some(
      (t) => t.schema === 'public' && t.name === 'item_attachments',
    )
      ? (
          await client.query<{ key: string }>(
            'select storage_key as key from public.item_attachments order by storage_key',
          )
        ).rows.map((row) => row.key)
      : [];
    await client.query('commit');
    return {
      snapshotAt: snapshotAt.toISOString(),
      postgresVersion: postgresVersion ?? 'unknown',
      migration,
      jobSchemaVersion,
      tables: dumped,
      sequences,
      attachmentKeys,
    };
  } finally {
    await client.end();
  }
}

async function dumpTable(
  client: pg.Client,
  dir: string,
  index: number,
  table: { schema: string; name: string; columns: string[] },
): Promise<BackupTable> {
  const file = path.join(
    'database',
    `${String(index).padStart(3, '0')}-${table.schema}.${table.name}.copy.gz`,
  );
  const columns = table.columns.map((column) => quoteName(column)).join(', ');
  const source = client.query(
    copyTo(`copy ${quoteName(table.schema, table.name)} (${columns}) to stdout`),
  );
  await pipeline(source, createGzip(), createWriteStream(path.join(dir, file), { flags: 'wx' }));
  const { sha256 } = await hashFile(path.join(dir, file));
  return { ...table, rows: source.rowCount, file, sha256 };
}

async function readMigration(client: pg.Client): Promise<{ tag: string; when: number }> {
  try {
    const result = await client.query<{ when: string }>(
      'select created_at::text as when from drizzle.__drizzle_migrations order by created_at desc limit 1',
    );
    const when = Number(result.rows[0]?.when ?? Number.NaN);
    if (!Number.isFinite(when)) throw new Error('no migration applied');
    return { tag: '', when };
  } catch {
    throw new BackupError(
      'The database has no Waymark migrations applied: start the server on it once, or check DATABASE_URL',
    );
  }
}

async function readJobSchemaVersion(
  client: pg.Client,
  tables: { schema: string; name: string }[],
): Promise<number | null> {
  if (!tables.some((t) => t.schema === JOB_SCHEMA && t.name === 'version')) return null;
  const result = await client.query<{ version: number }>(
    `select version from ${quoteName(JOB_SCHEMA, 'version')} limit 1`,
  );
  return result.rows[0]?.version ?? null;
}

async function readSequences(client: pg.Client): Promise<BackupSequence[]> {
  const result = await client.query<{ schema: string; name: string }>(
    `select schemaname as schema, sequencename as name from pg_sequences
      where schemaname not in ${SYSTEM_SCHEMAS} order by 1, 2`,
  );
  const sequences: BackupSequence[] = [];
  for (const sequence of result.rows) {
    // Sequences are not transactional: this reads at least the value as of the snapshot, which
    // is what a restore needs (pg_dump reads them the same way).
    const state = await client.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text, is_called from ${quoteName(sequence.schema, sequence.name)}`,
    );
    const row = state.rows[0];
    if (row) {
      sequences.push({ ...sequence, lastValue: row.last_value, isCalled: row.is_called });
    }
  }
  return sequences;
}
