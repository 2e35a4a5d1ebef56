import { readdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config';
import { describeTarget } from '../db/start-database';
import type { FileStore } from '../files/file-store';
import { BackupError } from './backup-error';

/**
 * Refuses a restore into a target that holds anything: the database (a table outside the system
 * schemas, or an embedded cluster folder that is not empty) or the file store (any file). Runs
 * before anything is written, so a refused restore changes nothing.
 *
 * @throws {BackupError} saying what is not empty and what to do.
 */
export async function checkEmptyTarget(config: Config, store: FileStore): Promise<void> {
  if (config.databaseUrl) {
    const tables = await countTables(config.databaseUrl);
    if (tables > 0) {
      throw new BackupError(
        `Refusing to restore: the database at DATABASE_URL (${describeTarget(config.databaseUrl)}) is not empty (${tables} tables). Restore into a new, empty database; nothing was changed`,
      );
    }
  } else {
    const pgDataDir = path.join(config.dataDir, 'postgres');
    const entries = await readdir(pgDataDir).catch(() => []);
    if (entries.length > 0) {
      throw new BackupError(
        `Refusing to restore: ${pgDataDir} already holds a database. Restore into an empty DATA_DIR (or move that folder away); nothing was changed`,
      );
    }
  }
  for await (const page of store.list()) {
    if (page.length > 0) {
      const where =
        store.kind === 's3' ? 'the S3 bucket' : path.join(config.dataDir, 'attachments');
      throw new BackupError(
        `Refusing to restore: ${where} already holds files. Restore into an empty file store; nothing was changed`,
      );
    }
  }
}

async function countTables(connectionString: string): Promise<number> {
  const client = new pg.Client({ connectionString });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(
      `Cannot reach the database at DATABASE_URL (${describeTarget(connectionString)}): ${(error as Error).message}`,
    );
  }
  try {
    const result = await client.query<{ count: number }>(
      `select count(*)::int as count from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')`,
    );
    return result.rows[0]?.count ?? 0;
  } finally {
    await client.end();
  }
}
