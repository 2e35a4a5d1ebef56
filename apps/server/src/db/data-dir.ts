import { constants, existsSync } from 'node:fs';
import { access, chmod, mkdir, readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { StartupError } from '../startup-error';

// Checks on DATA_DIR before the embedded PostgreSQL touches it, each failing with a message
// that tells the operator what to change.

/** Creates `dir` if needed; true when it did not exist before. */
export async function ensureWritableDir(dir: string): Promise<boolean> {
  try {
    const created = await mkdir(dir, { recursive: true });
    await access(dir, constants.W_OK | constants.X_OK);
    return created !== undefined;
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new StartupError(
      `The data directory ${dir} is not writable (${reason}); set DATA_DIR to a writable directory`,
    );
  }
}

/**
 * As root, postgres runs as the `postgres` user, which must be able to reach the cluster
 * directory through every parent (e.g. a DATA_DIR under /root, mode 700, is out of reach).
 */
export async function ensureTraversableByOthers(dataDir: string, created: boolean): Promise<void> {
  // A DATA_DIR we just created under a restrictive umask is ours to open up.
  if (created) await chmod(dataDir, (await stat(dataDir)).mode | 0o005);
  for (let dir = dataDir; ; dir = path.dirname(dir)) {
    if (((await stat(dir)).mode & 0o001) === 0) {
      throw new StartupError(
        `The data directory ${dataDir} is not reachable by the "postgres" user that PostgreSQL runs as when the server runs as root: ${dir} is not searchable by others (chmod o+x ${dir}, or set DATA_DIR elsewhere)`,
      );
    }
    if (dir === path.dirname(dir)) return;
  }
}

/** True when the cluster directory is missing or empty: initdb must run (it refuses a non-empty one). */
export async function isNewClusterDir(pgDataDir: string): Promise<boolean> {
  if (existsSync(path.join(pgDataDir, 'PG_VERSION'))) return false;
  const entries = existsSync(pgDataDir) ? await readdir(pgDataDir) : [];
  if (entries.length > 0) {
    throw new StartupError(
      `${pgDataDir} is not empty but holds no PostgreSQL cluster (no PG_VERSION); move it away or set DATA_DIR elsewhere`,
    );
  }
  return true;
}

/** The password written when the cluster was initialised. */
export async function readPassword(passwordFile: string, pgDataDir: string): Promise<string> {
  try {
    return (await readFile(passwordFile, 'utf8')).trim();
  } catch {
    throw new StartupError(
      `The embedded PostgreSQL in ${pgDataDir} exists but its password file ${passwordFile} is missing`,
    );
  }
}
