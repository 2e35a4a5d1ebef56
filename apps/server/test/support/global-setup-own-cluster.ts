import type { TestProject } from 'vitest/node';
import { provideServer } from './global-setup';

/**
 * The `server-own-cluster` project's PostgreSQL: an embedded cluster of its own, without the
 * template (its files build their databases from the migrations themselves), also when
 * `DATABASE_URL` names a server for the other files: run after them on that server instead, the
 * PostgreSQL 15 pass took 35–70 s longer (decision 0126).
 */
export default function setup(project: TestProject): Promise<() => Promise<void>> {
  return provideServer(project, undefined, { ownCluster: true });
}
