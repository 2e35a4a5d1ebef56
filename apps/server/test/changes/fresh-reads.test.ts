import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { createChangeFeed } from '../../src/changes/change-feed';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { delayChangeFeed, type DelayedChangeFeed } from '../support/delayed-change-feed';
import { pageLookup } from '../support/page-lookup';
import { createOrgWorld, createProject, ok, type OrgWorld } from '../support/projects-world';

// Decision 0070: a client that changed something asks its next call for a fresh answer
// (`Cache-Control: no-cache`), and every server copy then waits for its change feed before
// reading a cache. Here a second copy's feed lags 1.5 s, as on a loaded machine.

const DELAY_MS = 1_500;
const PAGE = { pageUrl: 'https://fresh.example.test/checkout' };
const FRESH = { 'cache-control': 'no-cache' };

let t: AuthTestContext;
let world: OrgWorld;
/** A second server copy on the same database whose change feed delivers late. */
let slowCopy: FastifyInstance;
let slowFeed: DelayedChangeFeed;

beforeAll(async () => {
  t = await startAuthTestApp();
  world = await createOrgWorld(t);
  slowCopy = await buildApp({
    config: t.config,
    db: t.db,
    logger: t.app.log,
    wrapChanges: (feed) => (slowFeed = delayChangeFeed(feed, DELAY_MS)),
  });
  await slowCopy.ready();
  await slowCopy.changes.sync();
});
afterAll(async () => {
  await slowCopy.close();
  await t.close();
});

/** The page's project names and path as the slow copy answers, fresh when asked. */
async function lookUpOnSlowCopy(options: { fresh?: boolean } = {}) {
  const answer = await slowCopy.inject({
    ...pageLookup(PAGE),
    headers: { ...world.admin, ...(options.fresh && FRESH) },
  });
  const page = ok<{ projects: { projectName: string }[]; relativePath: string | null }>(answer);
  return { projects: page.projects.map((project) => project.projectName), path: page.relativePath };
}

describe('fresh reads after a change (read-your-writes)', () => {
  it('answers a project created on another copy at once when asked fresh', async () => {
    await lookUpOnSlowCopy();
    expect(await lookUpOnSlowCopy()).toEqual({ projects: [], path: null });
    await createProject(t, world, 'https://fresh.example.test', 'Fresh shop');
    // The lag is real: without asking, the slow copy's cache still says "no project".
    expect(await lookUpOnSlowCopy()).toEqual({ projects: [], path: null });
    expect(await lookUpOnSlowCopy({ fresh: true })).toEqual({
      projects: ['Fresh shop'],
      path: '/checkout',
    });
  });

  it('answers "no project" at once after the project is deleted, when asked fresh', async () => {
    const [project] = ok<{ projectId: number; projectName: string }[]>(
      await t.call(world.admin, {
        method: 'GET',
        url: `/api/project/getAllProjects/${world.orgId}`,
      }),
    );
    await slowCopy.changes.sync();
    expect((await lookUpOnSlowCopy()).projects).toEqual([project?.projectName]);
    ok(
      await t.call(world.admin, {
        method: 'GET',
        url: `/api/project/deleteProject/${project?.projectId}`,
      }),
    );
    expect((await lookUpOnSlowCopy()).projects).toEqual([project?.projectName]);
    expect(await lookUpOnSlowCopy({ fresh: true })).toEqual({ projects: [], path: null });
  });

  it('waits for the feed only when asked: plain lookups never run the barrier', async () => {
    await slowCopy.changes.sync();
    const before = slowFeed.syncCalls;
    for (let i = 0; i < 5; i++) await lookUpOnSlowCopy();
    expect(slowFeed.syncCalls).toBe(before);
    await lookUpOnSlowCopy({ fresh: true });
    expect(slowFeed.syncCalls).toBe(before + 1);
  });

  it('lets concurrent fresh reads share the barrier: 50 at once cost at most two reads of the log', async () => {
    let reads = 0;
    const feed = createChangeFeed({
      connectionString: t.databaseUrl,
      logger: { warn: () => undefined },
      // Only the barrier reads here: the timer's reads would be counted too.
      pollMs: 60_000,
      onRead: () => reads++,
    });
    await feed.start();
    try {
      await Promise.all(Array.from({ length: 50 }, () => feed.sync()));
      expect(reads).toBeGreaterThanOrEqual(1);
      expect(reads).toBeLessThanOrEqual(2);
      // A caller after those still gets a read of its own, started after it asked.
      await feed.sync();
      expect(reads).toBeLessThanOrEqual(3);
      expect(reads).toBeGreaterThanOrEqual(2);
    } finally {
      await feed.stop();
    }
  });
});
