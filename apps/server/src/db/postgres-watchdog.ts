import { spawn } from 'node:child_process';

/**
 * The watchdog's program, run by `node -e` so the server's bundle needs no second file. Its
 * stdin is a pipe from the server; the kernel closes the pipe when the server dies in any way
 * (kill -9 included), and on that end of input the watchdog asks the postmaster it watches for a
 * fast shutdown (SIGINT) — only while `postmaster.pid` still names that very process, so a later
 * server's postgres in the same directory is never touched.
 */
const WATCHDOG_PROGRAM = `
const fs = require('node:fs');
const pidFile = require('node:path').join(process.argv[1], 'postmaster.pid');
const watched = Number(process.argv[2]);
const stop = () => {
  try {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\\n')[0]);
    if (pid === watched) process.kill(pid, 'SIGINT');
  } catch {}
  process.exit(0);
};
process.stdin.on('end', stop);
process.stdin.on('error', stop);
process.stdin.on('close', stop);
process.stdin.resume();
`;

/**
 * Starts a watchdog that stops the embedded PostgreSQL in `pgDataDir` when this process dies
 * without stopping it (issue 9: killing the server left postgres running until the next start).
 * The watchdog runs in its own process group, so a Ctrl-C meant for the server does not reach it,
 * and holds no reference on this process's event loop.
 *
 * @param postmasterPid the postmaster to stop, as `postmaster.pid` names it after the start.
 * @returns a function that ends the watchdog without it acting, for a clean stop.
 */
export function startPostgresWatchdog(pgDataDir: string, postmasterPid: number): () => void {
  const args = ['-e', WATCHDOG_PROGRAM, pgDataDir, String(postmasterPid)];
  const watchdog = spawn(process.execPath, args, {
    stdio: ['pipe', 'ignore', 'ignore'],
    detached: true,
  });
  watchdog.unref();
  const input = watchdog.stdin;
  // The open pipe must not keep the server's event loop alive.
  (input as unknown as { unref?: () => void } | null)?.unref?.();
  input?.on('error', () => undefined);
  return () => {
    watchdog.kill('SIGKILL');
    input?.destroy();
  };
}
