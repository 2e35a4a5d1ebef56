import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { findFreePort } from '../../src/db/free-port';
import { serverMainBundle, startChildServer } from '../support/child-server';

// Issue 34: WEB_CONCURRENCY > 1 makes the started process a primary that starts the embedded
// PostgreSQL once and forks that many workers sharing the port (src/cluster/).

/** The Node.js processes `pid` started (its workers; the PostgreSQL and its watchdog are not). */
function workersOf(pid: number): number[] {
  let lines = '';
  try {
    lines = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(pid)], { encoding: 'utf8' });
  } catch {
    // ps exits 1 when the process has no children: none left.
  }
  return lines
    .split('\n')
    .filter((line) => line.includes(serverMainBundle()))
    .map((line) => Number(line.trim().split(/\s+/, 1)[0]));
}

describe('several server processes (WEB_CONCURRENCY)', () => {
  it('serves from two workers, replaces one that dies, and stops all in order on Ctrl-C', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'waymark-cluster-'));
    // As root, the embedded PostgreSQL runs as `postgres` and must enter the directory.
    await chmod(dataDir, 0o755);
    try {
      const server = await startChildServer(
        {
          PORT: String(await findFreePort()),
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          WEB_CONCURRENCY: '2',
          LOG_LEVEL: 'info',
          LOG_FORMAT: 'json',
        },
        { readyTimeoutMs: 150_000 },
      );
      await vi.waitFor(() => expect(workersOf(server.pid)).toHaveLength(2), { timeout: 60_000 });
      // Both listening before one is killed: a worker that dies while starting stops the primary
      // (a start that fails is not retried), and the server answers ready once one worker listens.
      await vi.waitFor(() => expect(server.output().match(/Server listening/g)).toHaveLength(2), {
        timeout: 60_000,
      });
      // One embedded PostgreSQL for all of them, started by the primary.
      expect(server.output().match(/Embedded PostgreSQL is running/g)).toHaveLength(1);
      const [first = 0, second = 0] = workersOf(server.pid);
      expect((await fetch(`${server.url}/api/ping`)).status).toBe(200);

      process.kill(first, 'SIGKILL');
      await vi.waitFor(
        () => {
          const now = workersOf(server.pid);
          expect(now).toHaveLength(2);
          expect(now).toContain(second);
          expect(now).not.toContain(first);
        },
        { timeout: 60_000, interval: 250 },
      );
      // The primary's log line may reach the pipe after the new worker shows in the process list.
      await vi.waitFor(() => expect(server.output()).toContain(`worker ${first} died (SIGKILL)`), {
        timeout: 10_000,
      });
      // The port keeps answering while a worker is replaced.
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      await vi.waitFor(() => expect(server.output().match(/Server listening/g)).toHaveLength(3), {
        timeout: 60_000,
      });

      expect(await server.interrupt()).toBe(0);
      expect(server.output()).toContain('SIGINT received: stopping 2 workers');
      expect(server.output().match(/worker \d+ stopped/g)).toHaveLength(2);
      expect(server.output()).toContain('Waymark stopped');
      expect(server.output()).not.toMatch(/second (error|SIGINT)|terminating connection/);
      expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
