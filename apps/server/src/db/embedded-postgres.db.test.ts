import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded-postgres';

const quiet = { info: () => undefined, warn: () => undefined, debug: () => undefined };

let dataDir: string;
const running: EmbeddedDatabase[] = [];

async function start(): Promise<EmbeddedDatabase> {
  const database = await startEmbeddedPostgres({ dataDir, log: quiet, durable: false });
  running.push(database);
  return database;
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

async function postmasterPid(): Promise<number> {
  const content = await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
  return Number(content.split('\n', 1)[0]);
}

/** Alive and not a zombie waiting to be reaped. */
function isRunning(pid: number): boolean {
  try {
    return !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');
  } catch {
    return false;
  }
}

const HOLDER = fileURLToPath(
  new URL('../../test/fixtures/hold-embedded-postgres.ts', import.meta.url),
);

const EXIT_CODE_FIXTURE = fileURLToPath(
  new URL('../../test/fixtures/exit-code-after-load.ts', import.meta.url),
);

describe('loading embedded-postgres', () => {
  it('keeps the exit code a process sets: no hook of the package changes it or throws', () => {
    const child = spawnSync(process.execPath, ['--import', 'tsx', EXIT_CODE_FIXTURE], {
      encoding: 'utf8',
    });
    expect(child.status, child.stderr).toBe(3);
    expect(child.stderr).toBe('');
  });
});

/** Another server process holding the cluster, as a second `npm start` would meet it. */
async function startHolder(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', HOLDER, dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  while (!output.includes('ready')) {
    if (child.exitCode !== null) throw new Error(`holder exited with ${child.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return child;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'waymark-embedded-'));
  // mkdtemp makes it 0700; as root, postgres runs as the `postgres` user and must enter it.
  await chmod(dataDir, 0o755);
});
afterAll(async () => {
  for (const database of running) await database.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('embedded PostgreSQL', () => {
  it('initialises an empty data directory and keeps its password private', async () => {
    const database = await start();
    expect(existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
    expect((await stat(path.join(dataDir, 'postgres-password'))).mode & 0o077).toBe(0);
    await query(database.connectionString, 'create table kept (value text)');
    await query(database.connectionString, "insert into kept values ('first run')");
    await database.stop();
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  });

  it('is reached by its Unix socket in the cluster directory, and still on loopback TCP', async () => {
    const database = await start();
    const clusterDir = path.join(dataDir, 'postgres');
    expect(database.socketDir).toBe(clusterDir);
    expect(existsSync(path.join(clusterDir, `.s.PGSQL.${database.port}`))).toBe(true);
    // inet_client_addr() is null for a session over a Unix socket, the client's address over TCP.
    const overSocket = await query<{ address: string | null }>(
      database.connectionString,
      'select inet_client_addr()::text as address',
    );
    expect(overSocket).toEqual([{ address: null }]);
    const tcpUrl = new URL(database.connectionString);
    tcpUrl.hostname = '127.0.0.1';
    tcpUrl.search = '';
    const overTcp = await query<{ address: string | null }>(
      tcpUrl.toString(),
      'select inet_client_addr()::text as address',
    );
    expect(overTcp).toEqual([{ address: '127.0.0.1/32' }]);
    await database.stop();
    expect(existsSync(path.join(clusterDir, `.s.PGSQL.${database.port}`))).toBe(false);
  });

  it('reuses the data on the next start', async () => {
    const database = await start();
    const rows = await query<{ value: string }>(
      database.connectionString,
      'select value from kept',
    );
    expect(rows).toEqual([{ value: 'first run' }]);
    await database.stop();
  });

  it('recovers from a lock file whose process is gone', async () => {
    const gone = spawnSync('true').pid;
    const lockFile = path.join(dataDir, 'postgres', 'postmaster.pid');
    await writeFile(lockFile, `${gone}\n${path.join(dataDir, 'postgres')}\n0\n5432\n`);
    // A killed postgres leaves its socket and the socket's lock; the lock may name a live pid.
    const socketLock = path.join(dataDir, 'postgres', '.s.PGSQL.5432.lock');
    await writeFile(socketLock, `${process.pid}\n${path.join(dataDir, 'postgres')}\n`);
    const database = await start();
    expect(await postmasterPid()).not.toBe(gone);
    expect(existsSync(socketLock)).toBe(false);
    expect(await query(database.connectionString, 'select value from kept')).toHaveLength(1);
    await database.stop();
  });

  it('stops a postgres left running by a run that died, then starts', async () => {
    const orphan = await start();
    const orphanPid = await postmasterPid();
    // Not stopped: the process that owned it "died" (kill -9 of the server).
    const database = await start();
    expect(isRunning(orphanPid)).toBe(false);
    expect(database.port).not.toBe(orphan.port);
    expect(await query(database.connectionString, 'select value from kept')).toHaveLength(1);
    await database.stop();
  });

  it('refuses a data directory another live server is using, and leaves it alone', async () => {
    const holder = await startHolder();
    try {
      const holderPostgres = await postmasterPid();
      await expect(startEmbeddedPostgres({ dataDir, log: quiet })).rejects.toThrow(
        `in use by another running Waymark server (pid ${holder.pid})`,
      );
      expect(isRunning(holderPostgres)).toBe(true);
    } finally {
      holder.kill('SIGTERM');
      await once(holder, 'exit');
    }
  });

  it('stops its postgres by itself when the server is killed with kill -9, and the data is kept', async () => {
    const holder = await startHolder();
    const orphanPid = await postmasterPid();
    holder.kill('SIGKILL');
    await once(holder, 'exit');
    // issue 9: the watchdog sees the server's pipe close and asks postgres for a fast shutdown.
    await vi.waitFor(() => expect(isRunning(orphanPid)).toBe(false), {
      timeout: 20_000,
      interval: 100,
    });
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    const database = await start();
    expect(await query(database.connectionString, 'select value from kept')).toHaveLength(1);
    await database.stop();
  });

  it('leaves no watchdog behind after a clean stop', async () => {
    const database = await start();
    const pid = await postmasterPid();
    const watchdogs = () =>
      String(
        spawnSync('pgrep', ['-f', `postmaster\\.pid.*${dataDir}/postgres ${pid}$`]).stdout,
      ).trim();
    expect(watchdogs()).not.toBe('');
    await database.stop();
    await vi.waitFor(() => expect(watchdogs()).toBe(''), { timeout: 5_000, interval: 50 });
  });
});
