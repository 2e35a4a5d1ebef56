import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import { startEmbeddedPostgres, type EmbeddedLog } from '../db/embedded-postgres';
import { isPostgresFor, readLockPid } from '../db/postmaster-lock';

/** A connection string to the configured database and how to let it go. */
export type OpenDatabase = {
  connectionString: string;
  /** Stops the embedded PostgreSQL when this opened it; otherwise nothing. */
  close: () => Promise<void>;
};

/**
 * The database `config` names: `DATABASE_URL`, else the embedded cluster under
 * `<DATA_DIR>/postgres` — joined while a running server owns it (its port is in
 * `postmaster.pid`, its password in `postgres-password`), started for the duration otherwise.
 */
export async function openConfiguredDatabase(
  config: Config,
  log: EmbeddedLog,
): Promise<OpenDatabase> {
  if (config.databaseUrl) return { connectionString: config.databaseUrl, close: async () => {} };
  const running = await runningEmbeddedUrl(config.dataDir);
  if (running) return { connectionString: running, close: async () => {} };
  const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, log });
  return { connectionString: embedded.connectionString, close: embedded.stop };
}

/** The connection string of the embedded cluster a running server owns, if one does. */
async function runningEmbeddedUrl(dataDir: string): Promise<string | undefined> {
  const pgDataDir = path.join(dataDir, 'postgres');
  const lockFile = path.join(pgDataDir, 'postmaster.pid');
  const pid = await readLockPid(lockFile).catch(() => undefined);
  if (pid === undefined || !(await isPostgresFor(pid, pgDataDir))) return undefined;
  // postmaster.pid: pid, data directory, start time, port, socket dir, listen address, …
  const lines = (await readFile(lockFile, 'utf8')).split('\n');
  const port = Number(lines[3]);
  const password = (await readFile(path.join(dataDir, 'postgres-password'), 'utf8')).trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/waymark`;
}
