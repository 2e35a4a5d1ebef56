import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findFreePort } from '../../src/db/free-port';
import { serverMainBundle, startChildServer } from '../support/child-server';

describe('main', () => {
  it('stops on a bad configuration value with one line naming it and exit code 1', () => {
    const result = spawnSync(process.execPath, [serverMainBundle()], {
      env: { ...process.env, PORT: 'eighty' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    // Libraries may warn on import (oidc-provider on Node 20); the verdict is the last line.
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines.at(-1)).toBe('Invalid configuration: PORT must be an integer between 1 and 65535');
    expect(result.stderr).not.toMatch(/^\s+at /m);
  });
});

describe('Ctrl-C in a terminal (issue 25)', () => {
  it('stops quietly and in order: the embedded PostgreSQL is not in the terminal group', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'waymark-ctrl-c-'));
    // As root, the embedded PostgreSQL runs as `postgres` and must enter the directory.
    await chmod(dataDir, 0o755);
    try {
      const server = await startChildServer({
        PORT: String(await findFreePort()),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
      });
      expect((await fetch(`${server.url}/api/ping`)).status).toBe(200);
      expect(await server.interrupt()).toBe(0);
      expect(server.output()).toContain('Waymark stopped');
      expect(server.output()).not.toMatch(/second (error|SIGINT)|terminating connection/);
      expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
