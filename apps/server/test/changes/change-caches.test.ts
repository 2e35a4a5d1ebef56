import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import {
  CHANGE_FEED_APPLICATION,
  createChangeFeed,
  type Change,
} from '../../src/changes/change-feed';
import { items, orgMembers, relativePaths } from '../../src/db/schema';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { pageLookup } from '../support/page-lookup';
import {
  addMember,
  createItem,
  createOrgWorld,
  createProject,
  ok,
  type OrgWorld,
} from '../support/projects-world';

// Issue 17: callers, memberships and page lookups are answered from memory, and a change committed
// through any server copy reaches every copy's caches before its next answer (LISTEN/NOTIFY).

let t: AuthTestContext;
let world: OrgWorld;
let projectId: number;
/** A second server copy on the same database, as behind a load balancer. */
let copy2: FastifyInstance;

const PAGE = { pageUrl: 'https://cache.example.test/checkout' };

beforeAll(async () => {
  t = await startAuthTestApp();
  world = await createOrgWorld(t);
  projectId = await createProject(t, world, 'https://cache.example.test');
  copy2 = await buildApp({ config: t.config, db: t.db, logger: t.app.log });
  await copy2.ready();
});
afterAll(async () => {
  await copy2.close();
  await t.close();
});

async function onCopy2(as: { authorization: string }, options: InjectOptions) {
  await copy2.changes.sync();
  return copy2.inject({ ...options, headers: { ...options.headers, ...as } });
}

async function pageTitles(as: { authorization: string }, on: 'copy1' | 'copy2') {
  const options: InjectOptions = pageLookup(PAGE);
  const answer = on === 'copy1' ? await t.call(as, options) : await onCopy2(as, options);
  return ok<{ items: { title: string }[] }>(answer).items.map((item) => item.title);
}

/** Runs `work` with this session's triggers off: a change no cache hears about. */
async function silently(
  work: (client: { query(text: string, values?: unknown[]): Promise<unknown> }) => Promise<unknown>,
) {
  const client = await t.db.$client.connect();
  try {
    await client.query('begin');
    await client.query('set local session_replication_role = replica');
    await work(client);
    await client.query('commit');
  } finally {
    client.release();
  }
}

describe('caches invalidated by the change feed', () => {
  it('announces committed changes with the row’s path or project', async () => {
    const seen: Change[] = [];
    const feed = createChangeFeed({
      connectionString: t.db.$client.options.connectionString ?? '',
      logger: { warn: () => undefined },
    });
    feed.subscribe((change) => seen.push(change));
    await feed.start();
    try {
      await createItem(t, world.admin, world, {
        projectId,
        relativePath: '/feed',
        title: 'Announced',
        tags: ['one'],
      });
      await feed.sync();
      const [path] = await t.db
        .select({ id: relativePaths.id })
        .from(relativePaths)
        .where(and(eq(relativePaths.projectId, projectId), eq(relativePaths.path, '/feed')));
      expect(seen).toEqual(
        expect.arrayContaining([
          { table: 'items', key: path?.id },
          { table: 'item_tags', key: path?.id },
          { table: 'relative_paths', key: projectId },
        ]),
      );
      // Issue 34: an insert has no old key to announce. A keyless change means "any row" and
      // made the page lookup forget every page on every create (migration 0040).
      // (The feed's own `reset` when it starts listening is not a row's change.)
      expect(seen.filter(({ table, key }) => key === null && table !== 'reset')).toEqual([]);
      // A delete still announces the key the row had.
      seen.length = 0;
      await t.db.$client.query(
        `delete from item_tags where item_id = (select id from items where title = 'Announced')`,
      );
      await feed.sync();
      expect(seen.filter(({ table }) => table === 'item_tags')).toEqual([
        { table: 'item_tags', key: path?.id },
      ]);
    } finally {
      await feed.stop();
    }
  });

  it('answers a page lookup from memory until the path changes, on both copies', async () => {
    await createItem(t, world.admin, world, { projectId, relativePath: '/checkout', title: 'A' });
    expect(await pageTitles(world.admin, 'copy1')).toEqual(['A']);
    expect(await pageTitles(world.admin, 'copy2')).toEqual(['A']);
    // Renamed behind the caches' back: both copies still answer what they hold.
    await silently((client) =>
      client.query('update items set title = $1 where project_id = $2 and title = $3', [
        'Renamed silently',
        projectId,
        'A',
      ]),
    );
    expect(await pageTitles(world.admin, 'copy1')).toEqual(['A']);
    expect(await pageTitles(world.admin, 'copy2')).toEqual(['A']);
    // An announced change through copy 1 is seen by copy 2's next answer.
    await createItem(t, world.admin, world, { projectId, relativePath: '/checkout', title: 'B' });
    expect((await pageTitles(world.admin, 'copy2')).sort()).toEqual(['B', 'Renamed silently']);
  });

  it('refuses a removed member on the next call to either copy', async () => {
    const member = await addMember(t, world, [projectId]);
    const orgCall: InjectOptions = {
      method: 'GET',
      url: `/api/account/getOrgStatus?orgId=${world.orgId}`,
    };
    expect((await t.call(member.as, orgCall)).statusCode).toBe(200);
    expect((await onCopy2(member.as, orgCall)).statusCode).toBe(200);
    expect(await pageTitles(member.as, 'copy2')).not.toEqual([]);
    await t.db
      .delete(orgMembers)
      .where(and(eq(orgMembers.orgId, world.orgId), eq(orgMembers.userId, member.userId)));
    expect((await onCopy2(member.as, orgCall)).statusCode).toBe(404);
    expect((await t.call(member.as, orgCall)).statusCode).toBe(404);
    expect(await pageTitles(member.as, 'copy2')).toEqual([]);
  });

  it('forgets everything and answers from the database while the feed is down', async () => {
    expect(copy2.changes.isLive).toBe(true);
    await pageTitles(world.admin, 'copy2');
    await silently((client) =>
      client.query('update items set title = $1 where project_id = $2 and title = $3', [
        'Changed while down',
        projectId,
        'B',
      ]),
    );
    // Cut copy 2's feed connection: it may miss changes now, so it must not trust memory.
    // Only this file's database: other test files share the PostgreSQL server, and cutting their
    // feeds would fail them for nothing.
    await t.db.$client.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where application_name = $1 and datname = current_database()
         and pid <> pg_backend_pid()`,
      [CHANGE_FEED_APPLICATION],
    );
    await expect.poll(() => copy2.changes.isLive, { timeout: 5_000 }).toBe(false);
    const answer = await copy2.inject({ ...pageLookup(PAGE), headers: world.admin });
    expect(ok<{ items: { title: string }[] }>(answer).items.map((item) => item.title)).toContain(
      'Changed while down',
    );
    await expect.poll(() => copy2.changes.isLive, { timeout: 10_000 }).toBe(true);
    await expect.poll(() => t.app.changes.isLive, { timeout: 10_000 }).toBe(true);
    const [row] = await t.db
      .select({ id: items.id })
      .from(items)
      .where(eq(items.title, 'Changed while down'));
    expect(row).toBeDefined();
  });
});
