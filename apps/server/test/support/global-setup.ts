import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDb } from '../../src/db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/db/embedded-postgres';
import { migrateDatabase } from '../../src/db/migrate';
import { TEMPLATE_DATABASE, quoteIdent, runSql, withDatabase } from './test-database';

declare module 'vitest' {
  // Module augmentation is the one place an interface is needed.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    /** Connection string of a database on the test server with the right to create databases. */
    databaseAdminUrl: string;
  }
}

const quiet = { info: () => undefined, warn: () => undefined, debug: () => undefined };

/**
 * One PostgreSQL for the whole server suite: `DATABASE_URL` when set (CI runs the suite again
 * against Debian's PostgreSQL that way), otherwise an embedded one in a temporary directory.
 * Migrations are applied once, to a template database each test file clones.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  return provideServer(project, createTemplate);
}

/**
 * `DATABASE_URL` (unless `ownCluster`), or a fresh embedded PostgreSQL in a temporary directory,
 * provided to the project's files as `databaseAdminUrl` after `prepare` ran on it; resolves to
 * the teardown.
 */
export async function provideServer(
  project: TestProject,
  prepare: (adminUrl: string) => Promise<void> = () => Promise.resolve(),
  { ownCluster = false }: { ownCluster?: boolean } = {},
): Promise<() => Promise<void>> {
  let embedded: EmbeddedDatabase | undefined;
  let dataDir: string | undefined;
  const teardown = async () => {
    await embedded?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
  try {
    let adminUrl = ownCluster ? undefined : process.env.DATABASE_URL;
    if (!adminUrl) {
      dataDir = await mkdtemp(path.join(tmpdir(), 'waymark-test-pg-'));
      // mkdtemp makes it 0700; as root, postgres runs as the `postgres` user and must enter it.
      await chmod(dataDir, 0o755);
      embedded = await startEmbeddedPostgres({ dataDir, log: quiet, durable: false });
      adminUrl = embedded.adminConnectionString;
    }
    await prepare(adminUrl);
    project.provide('databaseAdminUrl', adminUrl);
  } catch (error) {
    // A failed setup gets no teardown call; without this the cluster would outlive the run.
    await teardown();
    throw error;
  }
  return teardown;
}

async function createTemplate(adminUrl: string): Promise<void> {
  await runSql(adminUrl, `drop database if exists ${quoteIdent(TEMPLATE_DATABASE)} with (force)`);
  await runSql(adminUrl, `create database ${quoteIdent(TEMPLATE_DATABASE)}`);
  const template = createDb(withDatabase(adminUrl, TEMPLATE_DATABASE));
  try {
    await migrateDatabase(template);
  } finally {
    await template.$client.end();
  }
}
