import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Db } from './client';
import { MIGRATIONS_DIR } from '../paths';

/** Any constant shared by every copy of the server: they serialize on it while migrating. */
const MIGRATION_LOCK_KEY = 7_262_001;

/**
 * Applies the committed drizzle-kit migrations that the database lacks. Several server copies
 * may start at once against one database, so the work runs under a session advisory lock.
 */
export async function migrateDatabase(db: Db, migrationsFolder = MIGRATIONS_DIR): Promise<void> {
  const client = await db.$client.connect();
  try {
    // No statement limit (decision 0135): a migration may rewrite a large table, and the lock
    // waits for another copy's migrations. Back to the pool's limits before the client returns.
    await client.query('set statement_timeout = 0');
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      try {
        await migrate(drizzle({ client }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      }
    } finally {
      await client.query('reset statement_timeout');
    }
  } finally {
    client.release();
  }
}

/** The `when` of the newest committed migration: applied migrations record it as `created_at`. */
export async function readLatestMigrationTime(migrationsFolder = MIGRATIONS_DIR): Promise<number> {
  const journalPath = path.join(migrationsFolder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

/** True when the database answers and has every committed migration applied. */
export async function isDatabaseReady(db: Db, latestMigrationTime: number): Promise<boolean> {
  try {
    const result = await db.execute<{ latest: string | null }>(
      sql`select max(created_at)::text as latest from drizzle.__drizzle_migrations`,
    );
    return Number(result.rows[0]?.latest ?? 0) >= latestMigrationTime;
  } catch {
    return false;
  }
}
