import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { createOrgWorld, createProject, type OrgWorld } from '../support/projects-world';
import { callOverSocket, type SocketAnswer } from '../support/socket-call';

// Decision 0135: a URL-rule change re-homes a whole project in one transaction, long by design,
// so it runs under DB_LONG_STATEMENT_TIMEOUT_MS, not DB_STATEMENT_TIMEOUT_MS. Here its statement
// waits 1.5 s for the project's URL-rule lock (held by the test, as a long re-homing would),
// three times the short limit. Decision 0147: the calls go over a real connection whose idle
// timeout (600 ms) is shorter than that wait, and their answers still arrive.

const STATEMENT_MS = 500;
let t: AuthTestContext;
let world: OrgWorld;
let projectId: number;
let baseUrl = '';

beforeAll(async () => {
  t = await startAuthTestApp({
    env: {
      DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_MS),
      DB_LONG_STATEMENT_TIMEOUT_MS: '10000',
      HTTP_IDLE_TIMEOUT_MS: '600',
      LIVE_HEARTBEAT_MS: '100',
    },
  });
  world = await createOrgWorld(t);
  projectId = await createProject(t, world, 'https://shop.rule-timeouts.test');
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

/** Posts `payload` to URL-rule route `url` while the project's lock is held 1.5 s. */
async function changeWhileLocked(url: string, payload: object): Promise<SocketAnswer> {
  const released = await holdUrlRulesLock(1_500);
  const started = Date.now();
  const answer = await callOverSocket(baseUrl, world.admin, { method: 'POST', url, payload });
  await released();
  expect(Date.now() - started).toBeGreaterThan(STATEMENT_MS * 2);
  return answer;
}
afterAll(() => t.close());

/** Holds the project's URL-rule lock for `ms` on a connection of its own. */
async function holdUrlRulesLock(ms: number): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: t.databaseUrl });
  await client.connect();
  await client.query('begin');
  await client.query(`select pg_advisory_xact_lock(hashtext('waymark.url-rules'), $1::int)`, [
    projectId,
  ]);
  const released = sleep(ms).then(async () => {
    await client.query('commit');
    await client.end();
  });
  return () => released;
}

describe('a URL-rule change', () => {
  it('waits past DB_STATEMENT_TIMEOUT_MS and succeeds; a plain statement there would be stopped', async () => {
    const answer = await changeWhileLocked('/api/project/setUrlRules', {
      projectId,
      hashRoutes: false,
      keptParams: ['tab'],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    // The same wait outside such a transaction is cancelled at the short limit.
    const releasedAgain = await holdUrlRulesLock(1_500);
    const plain = t.db.execute(
      sql`select pg_advisory_xact_lock(hashtext('waymark.url-rules'), ${projectId}::int)`,
    );
    await expect(plain).rejects.toMatchObject({ cause: { code: '57014' } });
    await releasedAgain();
  });

  it('adding and removing a template wait past both limits and answer', async () => {
    const created = await changeWhileLocked('/api/project/createUrlTemplate', {
      projectId,
      pattern: '/orders/:id',
      name: 'Order',
    });
    expect(created.statusCode, created.body).toBe(200);
    const { templateId } = JSON.parse(created.body) as { templateId: number };
    const deleted = await changeWhileLocked('/api/project/deleteUrlTemplate', {
      projectId,
      templateId,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
  });
});
