import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The connection string of the embedded PostgreSQL of a server started with `dataDir`: the
 * server keeps the generated password in `<dataDir>/postgres-password`, and PostgreSQL writes its
 * port on line 4 of `postmaster.pid`. Lets a scenario seed large data sets in SQL directly.
 */
export function embeddedDatabaseUrl(dataDir: string): string {
  const password = readFileSync(join(dataDir, 'postgres-password'), 'utf8').trim();
  const pid = readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
  const port = Number(pid[3]);
  if (!Number.isInteger(port) || port <= 0) throw new Error('No port in postmaster.pid');
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/waymark`;
}
