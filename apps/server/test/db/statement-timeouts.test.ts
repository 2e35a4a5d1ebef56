import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowLongStatements, createDb, poolTimeouts, type Db } from '../../src/db/client';
import { migrateDatabase } from '../../src/db/migrate';
import { SERVER_TOO_SLOW_MESSAGE } from '../../src/db/pool-busy';
import { loadConfig } from '../../src/config';
import type { AppDeps } from '../../src/modules/module';
import { buildTestApp, type TestApp } from '../support/helper';
import { captureJsonLogs } from '../support/json-logs';

// Decision 0135: the app's pools carry statement_timeout and idle_in_transaction_session_timeout,
// so a statement gone wrong or a transaction left open gives its pooled connection back. Limits
// here are short (300 ms / 400 ms) so the tests wait little; the defaults are 30 s and 60 s.

const STATEMENT_MS = 300;
const IDLE_MS = 400;

// Probe routes on the app's own pools: a statement longer than the limit, the same inside a
// transaction that lifts it, and what each pool's sessions are set to.
const probes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  app.get('/probe/sleep', async () => {
    await deps.db.execute(sql`select pg_sleep(1)`);
    return { slept: true };
  });
  app.get('/probe/long-by-design', async () =>
    deps.db.transaction(async (tx) => {
      await allowLongStatements(tx);
      await tx.execute(sql`select pg_sleep(0.6)`);
      return { slept: true };
    }),
  );
  // A call that waits on something else (a vendor, say) inside its transaction.
  app.get('/probe/idle-transaction', async () =>
    deps.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await sleep(IDLE_MS * 3);
      await tx.execute(sql`select 1`);
      return { committed: true };
    }),
  );
  app.get('/probe/settings', async () => {
    const show = async (db: Db) =>
      (
        await db.execute<{ statement: string; idle: string }>(
          sql`select current_setting('statement_timeout') as statement,
                     current_setting('idle_in_transaction_session_timeout') as idle`,
        )
      ).rows[0];
    return { main: await show(deps.db), read: await show(deps.readDb) };
  });
  return Promise.resolve();
};

let t: TestApp;
const logs = captureJsonLogs();
const logLines = logs.lines;

beforeAll(async () => {
  t = await buildTestApp({
    plugins: [probes],
    logger: logs.logger,
    env: {
      DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_MS),
      DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: String(IDLE_MS),
      DB_LONG_STATEMENT_TIMEOUT_MS: '5000',
      LOG_FORMAT: 'json',
    },
  });
});

afterAll(async () => {
  await t.close();
});

describe('the app pools’ limits', () => {
  it('are set on every session of the main and the read pool', async () => {
    const answer = await t.app.inject({ url: '/probe/settings' });
    expect(answer.json()).toEqual({
      main: { statement: '300ms', idle: '400ms' },
      read: { statement: '300ms', idle: '400ms' },
    });
  });

  it('default to 30 s per statement and 60 s idle in a transaction', () => {
    expect(poolTimeouts(loadConfig({}).database)).toEqual({
      statementMs: 30_000,
      idleInTransactionMs: 60_000,
      longStatementMs: 600_000,
    });
  });
});

describe('a statement past DB_STATEMENT_TIMEOUT_MS', () => {
  it('is cancelled, answered 503 with Retry-After, and logged once without a stack', async () => {
    const started = Date.now();
    const answer = await t.app.inject({ url: '/probe/sleep' });
    expect(Date.now() - started).toBeLessThan(900);
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('2');
    expect(answer.json()).toEqual({
      statusCode: 503,
      code: 'UNAVAILABLE',
      message: SERVER_TOO_SLOW_MESSAGE,
    });
    const lines = logLines.filter(
      (line) => line.msg === 'database statement stopped by a time limit',
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 40,
      reason: 'canceling statement due to statement timeout',
    });
    expect(JSON.stringify(logLines)).not.toContain('"stack"');
  });

  it('runs to its end in a transaction long by design (allowLongStatements)', async () => {
    const answer = await t.app.inject({ url: '/probe/long-by-design' });
    expect([answer.statusCode, answer.json()]).toEqual([200, { slept: true }]);
    // SET LOCAL: the connection goes back to the pool with the short limit.
    const settings = await t.app.inject({ url: '/probe/settings' });
    expect(settings.json()).toMatchObject({ main: { statement: '300ms' } });
  });
});

describe('a transaction left idle past DB_IDLE_IN_TRANSACTION_TIMEOUT_MS', () => {
  it('is ended by PostgreSQL, answered 503, and its connection leaves the pool', async () => {
    const pool = t.db.$client;
    // Without a listener on the checked-out client, PostgreSQL ending its session is an
    // uncaught exception: the whole process would stop.
    const answer = await t.app.inject({ url: '/probe/idle-transaction' });
    expect([answer.statusCode, answer.headers['retry-after']]).toEqual([503, '2']);
    expect(answer.json()).toMatchObject({ code: 'UNAVAILABLE', message: SERVER_TOO_SLOW_MESSAGE });
    // The probe's session would have sat idle for over a second; another part of the app can be
    // caught between two statements for a moment on a loaded machine.
    const idle = await t.db.execute<{ count: number }>(
      sql`select count(*)::int as count from pg_stat_activity
          where datname = current_database() and state like 'idle in transaction%'
          and state_change < clock_timestamp() - interval '200 milliseconds'`,
    );
    expect(idle.rows[0]?.count).toBe(0);
    // The pool still serves: the ended session was dropped, not handed out again.
    expect((await pool.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });
});

describe('migrations', () => {
  it('run without the statement limit: waiting for another copy’s lock longer than it', async () => {
    const limited = createDb(t.databaseUrl, {
      max: 2,
      timeouts: { statementMs: 200, idleInTransactionMs: 0, longStatementMs: 0 },
    });
    const other = new pg.Client({ connectionString: t.databaseUrl });
    await other.connect();
    try {
      // Another copy migrating: it holds the lock for longer than a statement may run.
      await other.query('select pg_advisory_lock(7262001)');
      const release = sleep(700).then(() => other.query('select pg_advisory_unlock(7262001)'));
      await expect(migrateDatabase(limited)).resolves.toBeUndefined();
      await release;
      const reset = await limited.execute<{ statement: string }>(
        sql`select current_setting('statement_timeout') as statement`,
      );
      expect(reset.rows[0]?.statement).toBe('200ms');
    } finally {
      await other.end();
      await limited.$client.end();
    }
  });
});
