import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LIVE_ORIGIN,
  readLiveEvents,
  type LivePosition,
} from '../../src/modules/live/live-event-queries';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import {
  createItem,
  createOrgWorld,
  createProject,
  type OrgWorld,
} from '../support/projects-world';

// Issue 34 (mixed load): a project's live events are recorded when their transaction commits
// (migration 0022), and since 0042 without any lock (decision 0092): an event with a smaller id
// may commit after one with a larger id. Streams read them in (xid, id) order, only below the
// oldest transaction still running, so a reader never moves past an event still to commit.

let t: AuthTestContext;
let world: OrgWorld;
let projectId = 0;
let firstItemId = 0;
let secondItemId = 0;
const clients: pg.Client[] = [];

async function connect(): Promise<pg.Client> {
  const client = new pg.Client(t.databaseUrl);
  await client.connect();
  clients.push(client);
  // Waiting for a lock longer than this fails the statement: the test proves no wait at all.
  await client.query(`set lock_timeout = '2s'`);
  return client;
}

async function eventsAfter(id: number): Promise<{ id: number; itemId: number }[]> {
  const { rows } = await t.db.$client.query<{ id: string; item_id: number }>(
    'select id, item_id from live_events where project_id = $1 and id > $2 order by id',
    [projectId, id],
  );
  return rows.map((row) => ({ id: Number(row.id), itemId: row.item_id }));
}

/** Every event id of `project`, as anyone sees them now. */
async function idsOf(project: number): Promise<number[]> {
  const { rows } = await t.db.$client.query<{ id: string }>(
    'select id from live_events where project_id = $1 order by id',
    [project],
  );
  return rows.map((row) => Number(row.id));
}

async function lastEventId(): Promise<number> {
  const { rows } = await t.db.$client.query<{ id: string | null }>(
    'select max(id) as id from live_events where project_id = $1',
    [projectId],
  );
  return Number(rows[0]?.id ?? 0);
}

beforeAll(async () => {
  t = await startAuthTestApp();
  world = await createOrgWorld(t);
  projectId = await createProject(t, world, 'https://order.example.test');
  firstItemId = await createItem(t, world.admin, world, {
    projectId,
    relativePath: '/one',
    title: 'First',
  });
  secondItemId = await createItem(t, world.admin, world, {
    projectId,
    relativePath: '/two',
    title: 'Second',
  });
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.end()));
  await t.close();
});

describe('live events of a project under concurrent writes', () => {
  it('a write commits while another transaction of the project is open, ids in commit order', async () => {
    const before = await lastEventId();
    const slow = await connect();
    const quick = await connect();
    await slow.query('begin');
    await slow.query(`update items set title = 'First, edited slowly' where id = $1`, [
      firstItemId,
    ]);
    await slow.query(`insert into item_tags (item_id, tag, position) values ($1, 'slow', 0)`, [
      firstItemId,
    ]);
    // Nothing recorded while the slow transaction is open.
    expect(await eventsAfter(before)).toEqual([]);

    await quick.query('begin');
    await quick.query(`update items set title = 'Second, edited quickly' where id = $1`, [
      secondItemId,
    ]);
    await quick.query('commit');
    const afterQuick = await eventsAfter(before);
    expect(afterQuick.map((event) => event.itemId)).toEqual([secondItemId]);

    await slow.query('commit');
    const all = await eventsAfter(before);
    // The quick write committed first and has the lower id; the slow one's two changes of one
    // item and page follow as one event (decision 0119).
    expect(all.map((event) => event.itemId)).toEqual([secondItemId, firstItemId]);
    expect(all[0]?.id).toBe(afterQuick[0]?.id);
  });

  it('a rolled-back change records no event', async () => {
    const before = await lastEventId();
    const client = await connect();
    await client.query('begin');
    await client.query(`update items set title = 'Never' where id = $1`, [firstItemId]);
    await client.query('rollback');
    expect(await eventsAfter(before)).toEqual([]);
  });

  // Each case: which transaction writes first (so has the older xid); in both, `late` takes its
  // event id first (SET CONSTRAINTS runs its deferred live triggers) and commits last. Each case
  // has a project of its own, so its reader starts at the origin.
  it.each([
    { name: 'the late committer is the older transaction', lateStartsFirst: true },
    { name: 'the late committer is the newer transaction', lateStartsFirst: false },
  ])(
    'a reader never moves past an event still to commit with a smaller id ($name)',
    async ({ lateStartsFirst }) => {
      const project = await createProject(t, world, `https://late-${lateStartsFirst}.example.test`);
      const [lateItem, earlyItem] = [
        await createItem(t, world.admin, world, {
          projectId: project,
          relativePath: '/late',
          title: 'Late',
        }),
        await createItem(t, world.admin, world, {
          projectId: project,
          relativePath: '/early',
          title: 'Early',
        }),
      ];
      const created = await idsOf(project);
      const late = await connect();
      const early = await connect();
      const [first, second] = lateStartsFirst ? [late, early] : [early, late];
      for (const client of [first, second]) {
        await client.query('begin');
        await client.query(`update items set title = title || '.' where id = $1`, [
          client === late ? lateItem : earlyItem,
        ]);
      }
      await late.query('set constraints all immediate');
      const { rows } = await late.query<{ id: string }>(
        'select max(id) as id from live_events where project_id = $1',
        [project],
      );
      const lateId = Number(rows[0]?.id);
      await early.query('commit');
      const [earlyId, ...others] = (await idsOf(project)).filter((id) => !created.includes(id));
      // The late event is invisible to others; the committed one has the larger id.
      expect(others).toEqual([]);
      expect(earlyId).toBeGreaterThan(lateId);

      let cursor: LivePosition = LIVE_ORIGIN;
      const seen: number[] = [];
      const poll = async () => {
        const read = await readLiveEvents(t.db, { projectId: project, after: cursor, limit: 500 });
        read.events.forEach(({ event }) => seen.push(event.id));
        cursor = read.events.at(-1)?.position ?? cursor;
        return read;
      };
      // Polled until stable: another test file's writing transaction (same cluster) may hold
      // even these back for a moment.
      const between = lateStartsFirst ? created : [...created, earlyId];
      await expect.poll(async () => (await poll(), seen), { timeout: 10_000 }).toEqual(between);
      if (lateStartsFirst) {
        // The early commit is newer than a transaction still running: held back, to read later.
        expect((await poll()).isHeldBack).toBe(true);
      }
      expect(seen).toEqual(between);

      await late.query('commit');
      // The horizon is the whole cluster's oldest running transaction: a writing transaction of
      // another test file's database may hold events back a moment longer, never forever.
      await expect.poll(async () => (await poll()).isHeldBack, { timeout: 10_000 }).toBe(false);
      // Every event once, the smaller id included though it committed last.
      expect([...seen].sort((a, b) => a - b)).toEqual(await idsOf(project));
      expect(seen).toEqual(
        lateStartsFirst ? [...created, lateId, earlyId] : [...created, earlyId, lateId],
      );
    },
  );
});
