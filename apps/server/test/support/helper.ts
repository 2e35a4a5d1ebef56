import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { createDb, poolTimeouts, type Db, type DbTimeouts } from '../../src/db/client';
import { TEMPLATE_DATABASE, quoteIdent, runSql, withDatabase } from './test-database';

/** A stand-in for the built extension, so the public download answers in every test app. */
export const EXTENSION_FIXTURE = fileURLToPath(
  new URL('../fixtures/extension-dist', import.meta.url),
);

/** Options of {@link buildTestApp}: extra environment, plus any option of `buildApp`. */
export type TestAppOptions = Partial<Omit<BuildAppOptions, 'config' | 'db'>> & {
  /** Environment variables on top of the test defaults (silent logs, temp DATA_DIR). */
  env?: Record<string, string>;
};

/** A ready app on its own fresh, migrated database. */
export type TestApp = {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** Connection string of this test's database. */
  databaseUrl: string;
  /** Closes the app and the pool, drops the database, removes the temp DATA_DIR. */
  close: () => Promise<void>;
};

/** A fresh migrated database of its own, for a test that builds its own pieces. */
export type TestDatabase = {
  db: Db;
  /** Connection string of this database. */
  databaseUrl: string;
  /** Closes the pool and drops the database. */
  close: () => Promise<void>;
};

/**
 * A new database cloned from the migrated template (fast: no migrations per test), behind a pool
 * of `max` connections (default 10, as the server's `DB_POOL_SIZE`).
 */
export async function createTestDatabase({
  max,
  connectTimeoutMs,
  timeouts,
}: { max?: number; connectTimeoutMs?: number; timeouts?: DbTimeouts } = {}): Promise<TestDatabase> {
  const adminUrl = inject('databaseAdminUrl');
  const name = `waymark_test_${randomBytes(6).toString('hex')}`;
  await createDatabaseFromTemplate(adminUrl, name);
  const databaseUrl = withDatabase(adminUrl, name);
  const db = createDb(databaseUrl, { max, connectTimeoutMs, timeouts });
  return {
    db,
    databaseUrl,
    close: async () => {
      await db.$client.end();
      await runSql(adminUrl, `drop database if exists ${quoteIdent(name)} with (force)`);
    },
  };
}

/**
 * Builds the real app on a new database cloned from the migrated template and a temporary
 * DATA_DIR. Always `close()` it (afterAll).
 */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { env, ...appOptions } = options;
  // The app's main pool is this one: sized (and timed) as DB_POOL_SIZE and DB_CONNECT_TIMEOUT_MS
  // say, as startDatabase does.
  const poolSize = env?.DB_POOL_SIZE ? Number(env.DB_POOL_SIZE) : undefined;
  const connectTimeoutMs = env?.DB_CONNECT_TIMEOUT_MS
    ? Number(env.DB_CONNECT_TIMEOUT_MS)
    : undefined;
  // …and limited as DB_STATEMENT_TIMEOUT_MS and its kin say (their defaults unless `env` sets
  // them), read once here without the data directory that the full configuration needs.
  const timeouts = poolTimeouts(loadConfig({ ...env }).database);
  const {
    db,
    databaseUrl,
    close: dropDatabase,
  } = await createTestDatabase({
    max: poolSize,
    connectTimeoutMs,
    timeouts,
  });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'waymark-test-data-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // No test reaches the real GitHub or Linear: a closed loopback port unless a test brings a
    // stand-in.
    GITHUB_API_URL: 'http://127.0.0.1:9',
    LINEAR_API_URL: 'http://127.0.0.1:9/graphql',
    PORTAL_DIST: path.join(dataDir, 'no-portal'),
    EXTENSION_DIST: EXTENSION_FIXTURE,
    ...env,
    DATABASE_URL: databaseUrl,
  });
  const app = await buildApp({ config, db, ...appOptions });
  await app.ready();
  syncChangesBeforeEachInject(app);
  return {
    app,
    db,
    config,
    databaseUrl,
    close: async () => {
      await app.close();
      await dropDatabase();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Caches answer from memory until a change notification says otherwise; a test writes and reads
 * within microseconds, faster than a notification travels. So every inject first waits until all
 * changes committed so far have reached the caches — what a real client's round trip gives.
 */
function syncChangesBeforeEachInject(app: FastifyInstance): void {
  const injectNow = app.inject.bind(app);
  app.inject = (async (options: InjectOptions | string) => {
    await app.changes.sync();
    return injectNow(options);
  }) as typeof app.inject;
}

async function createDatabaseFromTemplate(adminUrl: string, name: string): Promise<void> {
  const sql = `create database ${quoteIdent(name)} template ${quoteIdent(TEMPLATE_DATABASE)}`;
  for (let attempt = 1; ; attempt++) {
    try {
      return await runSql(adminUrl, sql);
    } catch (error) {
      // 55006: the template is briefly "being accessed" while another file clones it.
      if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}
