import type pg from 'pg';
import type { Config } from '../config';
import { StartupError } from '../startup-error';
import { createDb, poolTimeouts, type Db } from './client';
import { startEmbeddedPostgres, type EmbeddedLog } from './embedded-postgres';
import { migrateDatabase } from './migrate';

/** The database the server runs on, migrated and ready. */
export type Database = {
  /** Drizzle over a pool. */
  db: Db;
  /** Closes the pool, then stops the embedded PostgreSQL if there is one. */
  close: () => Promise<void>;
};

/**
 * Connects to `DATABASE_URL`, or starts the embedded PostgreSQL when it is unset, then applies
 * the migrations.
 *
 * @throws {StartupError} when the database cannot be reached or started.
 */
export async function startDatabase(config: Config, log: EmbeddedLog): Promise<Database> {
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres({ dataDir: config.dataDir, log });
  const connectionString = config.databaseUrl ?? embedded?.connectionString ?? '';
  const db = createDb(connectionString, {
    max: config.database.poolSize,
    connectTimeoutMs: config.database.connectTimeoutMs,
    timeouts: poolTimeouts(config.database),
  });
  const close = async () => {
    await db.$client.end();
    await embedded?.stop();
  };
  try {
    await checkReachable(db.$client, connectionString);
    await migrateDatabase(db);
  } catch (error) {
    await close();
    throw error;
  }
  return { db, close };
}

async function checkReachable(pool: pg.Pool, connectionString: string): Promise<void> {
  try {
    await pool.query('select 1');
  } catch (error) {
    throw new StartupError(
      `Cannot reach the database at DATABASE_URL (${describeTarget(connectionString)}): ${(error as Error).message}`,
    );
  }
}

/** `host:port` of a connection string, never its password. */
export function describeTarget(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    return `${url.hostname || 'localhost'}:${url.port || '5432'}`;
  } catch {
    return 'an unparsable URL';
  }
}
