import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { createOrgWorld, createProject, type OrgWorld } from '../support/projects-world';

// Decision 0135: a URL-rule change re-homes a whole project in one transaction, long by design,
// so it runs under DB_LONG_STATEMENT_TIMEOUT_MS, not DB_STATEMENT_TIMEOUT_MS. Here its statement
// waits 1.5 s for the project's URL-rule lock (held by the test, as a long re-homing would),
// three times the short limit.

const STATEMENT_MS = 500;
let t: AuthTestContext;
let world: OrgWorld;
let projectId: number;

beforeAll(async () => {
  t = await startAuthTestApp({
    env: { DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_MS), DB_LONG_STATEMENT_TIMEOUT_MS: '10000' },
  });
  world = await createOrgWorld(t);
  projectId = await createProject(t, world, 'https://shop.rule-timeouts.test');
});
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
    const released = await holdUrlRulesLock(1_500);
    const started = Date.now();
    const answer = await t.call(world.admin, {
      method: 'POST',
      url: '/api/project/setUrlRules',
      payload: { projectId, hashRoutes: false, keptParams: ['tab'] },
    });
    await released();
    expect(answer.statusCode, answer.body).toBe(200);
    expect(Date.now() - started).toBeGreaterThan(STATEMENT_MS * 2);
    // The same wait outside such a transaction is cancelled at the short limit.
    const releasedAgain = await holdUrlRulesLock(1_500);
    const plain = t.db.execute(
      sql`select pg_advisory_xact_lock(hashtext('waymark.url-rules'), ${projectId}::int)`,
    );
    await expect(plain).rejects.toMatchObject({ cause: { code: '57014' } });
    await releasedAgain();
  });
});
