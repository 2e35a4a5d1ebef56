import { readFileSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { StartupError } from '../startup-error';

/** What the stale-lock recovery reports about; a pino logger fits. */
export type LockLog = { warn: (message: string) => void };

/**
 * Makes a PostgreSQL data directory startable after an unclean exit of the server.
 *
 * After `kill -9` of the server its postgres child keeps running (orphaned) and still owns
 * `postmaster.pid`; it is shut down (SIGINT = fast shutdown). A lock whose process is gone, or
 * is not a postgres for this directory (pid reused after a reboot), is removed, with the Unix
 * socket files a killed postgres left in the directory.
 */
export async function recoverStaleLock(pgDataDir: string, log: LockLog): Promise<void> {
  const lockFile = path.join(pgDataDir, 'postmaster.pid');
  const pid = await readLockPid(lockFile);
  if (pid === undefined) return removeSocketLeftovers(pgDataDir);
  if (!(await isPostgresFor(pid, pgDataDir))) {
    log.warn(`Removing the stale PostgreSQL lock ${lockFile} (process ${pid} is gone)`);
    await rm(lockFile, { force: true });
    return removeSocketLeftovers(pgDataDir);
  }
  const owner = await readLiveNodeParent(pid);
  if (owner !== undefined && owner !== process.pid) {
    throw new StartupError(
      `The data directory ${pgDataDir} is in use by another running Waymark server (pid ${owner}); stop it or set DATA_DIR elsewhere`,
    );
  }
  log.warn(`Stopping the PostgreSQL left running by a previous run (pid ${pid})`);
  await stopProcess(pid);
  await rm(lockFile, { force: true });
  await removeSocketLeftovers(pgDataDir);
}

/**
 * Removes `.s.PGSQL.<port>` and its `.lock` from a directory no postgres runs on. postgres
 * replaces a socket lock whose process is gone itself, but refuses to start when that pid was
 * reused by another process — which after a reboot is likely.
 */
async function removeSocketLeftovers(pgDataDir: string): Promise<void> {
  const names = await readdir(pgDataDir).catch(() => []);
  const leftovers = names.filter((name) => name.startsWith('.s.PGSQL.'));
  await Promise.all(leftovers.map((name) => rm(path.join(pgDataDir, name), { force: true })));
}

/** The PID `postmaster.pid` names, or undefined when there is no readable lock file. */
export async function readLockPid(lockFile: string): Promise<number | undefined> {
  let content: string;
  try {
    content = await readFile(lockFile, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const pid = Number(content.split('\n', 1)[0]);
  if (Number.isInteger(pid) && pid > 0) return pid;
  await rm(lockFile, { force: true });
  return undefined;
}

/**
 * The parent of `pid` when it is a live Node.js process: the server that started that
 * postgres still runs. An orphan's parent is init or a subreaper instead.
 */
async function readLiveNodeParent(pid: number): Promise<number | undefined> {
  try {
    const ppid = Number(statFields(await readFile(`/proc/${pid}/stat`, 'utf8'))[1]);
    const args = (await readFile(`/proc/${ppid}/cmdline`, 'utf8')).split('\0');
    return ppid > 1 && /node/.test(path.basename(args[0] ?? '')) ? ppid : undefined;
  } catch {
    return undefined;
  }
}

/** Fields of /proc/<pid>/stat after the command name: state, ppid, … */
function statFields(stat: string): string[] {
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** True when `pid` is a live (non-zombie) postgres whose command line names `pgDataDir`. */
export async function isPostgresFor(pid: number, pgDataDir: string): Promise<boolean> {
  if (!isAlive(pid)) return false;
  try {
    const args = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0');
    return path.basename(args[0] ?? '').startsWith('postgres') && args.includes(pgDataDir);
  } catch {
    return false;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: alive but someone else's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !isZombie(pid);
}

// A postgres this process spawned (tests) stays a zombie until Node reaps it.
function isZombie(pid: number): boolean {
  try {
    return statFields(readFileSync(`/proc/${pid}/stat`, 'utf8'))[0] === 'Z';
  } catch {
    return false;
  }
}

async function stopProcess(pid: number): Promise<void> {
  for (const [signal, waitMs] of [
    ['SIGINT', 30_000],
    ['SIGQUIT', 5_000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ESRCH') return;
      throw new StartupError(
        `A PostgreSQL (pid ${pid}) is still running on this data directory and cannot be stopped: ${(error as Error).message}`,
      );
    }
    if (await waitForExit(pid, waitMs)) return;
  }
  throw new StartupError(`A PostgreSQL (pid ${pid}) is still running on this data directory`);
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await sleep(50);
  }
  return !isAlive(pid);
}
