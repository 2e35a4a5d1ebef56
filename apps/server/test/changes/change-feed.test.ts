import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createChangeFeed,
  type Change,
  type ChangeFeed,
  type ChangeFeedOptions,
} from '../../src/changes/change-feed';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { createItem, createOrgWorld, createProject } from '../support/projects-world';

// Decision 0113: changes are rows of change_log, read by transaction id, instead of NOTIFY.

let t: AuthTestContext;
beforeAll(async () => {
  t = await startAuthTestApp();
});
afterAll(() => t.close());

/** A started feed of its own, and the changes it delivered (resets included). */
async function watchFeed(options: Partial<ChangeFeedOptions> = {}) {
  const seen: Change[] = [];
  const feed = createChangeFeed({
    connectionString: t.databaseUrl,
    logger: { warn: () => undefined },
    ...options,
  });
  feed.subscribe((change) => seen.push(change));
  await feed.start();
  return { feed, seen };
}

async function connect(): Promise<pg.Client> {
  const client = new pg.Client(t.databaseUrl);
  await client.connect();
  return client;
}

const announce = (client: pg.Client, table: string, key: string) =>
  client.query('select waymark_announce_change($1, $2)', [table, key]);

const named = (seen: Change[], table: string) => seen.filter((change) => change.table === table);

async function stopping<T>(feed: ChangeFeed, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } finally {
    await feed.stop();
  }
}

describe('the change feed (change log)', () => {
  it('delivers every committed change once, whatever order transactions commit in', async () => {
    const { feed, seen } = await watchFeed();
    const early = await connect();
    const late = await connect();
    await stopping(feed, async () => {
      // `early` takes the lower transaction id and commits last.
      await early.query('begin');
      await announce(early, 'early_probe', '1');
      await late.query('begin');
      await announce(late, 'late_probe', '2');
      await late.query('commit');
      await feed.sync();
      expect(named(seen, 'late_probe')).toEqual([{ table: 'late_probe', key: 2 }]);
      expect(named(seen, 'early_probe')).toEqual([]);
      await early.query('commit');
      await feed.sync();
      await feed.sync();
      expect(named(seen, 'early_probe')).toEqual([{ table: 'early_probe', key: 1 }]);
      expect(named(seen, 'late_probe')).toHaveLength(1);
    }).finally(() => Promise.all([early.end(), late.end()]));
  });

  it('never delivers a rolled-back change, and folds a transaction’s repeats', async () => {
    const { feed, seen } = await watchFeed();
    const client = await connect();
    await stopping(feed, async () => {
      await client.query('begin');
      await announce(client, 'undone_probe', '3');
      await client.query('rollback');
      await client.query('begin');
      for (let i = 0; i < 3; i++) await announce(client, 'repeated_probe', '4');
      await announce(client, 'repeated_probe', '');
      await client.query('commit');
      await feed.sync();
      expect(named(seen, 'undone_probe')).toEqual([]);
      expect(named(seen, 'repeated_probe')).toEqual([
        { table: 'repeated_probe', key: 4 },
        { table: 'repeated_probe', key: null },
      ]);
    }).finally(() => client.end());
  });

  it('hears the triggers of a real write, and nothing in the database notifies', async () => {
    const world = await createOrgWorld(t);
    const projectId = await createProject(t, world, 'https://feed.example.test', 'Feed');
    const { feed, seen } = await watchFeed();
    await stopping(feed, async () => {
      await createItem(t, world.admin, world, { projectId, relativePath: '/logged', title: 'A' });
      await feed.sync();
      expect(seen).toEqual(
        expect.arrayContaining([
          { table: 'relative_paths', key: projectId },
          { table: 'live_events', key: projectId },
        ]),
      );
    });
    // A notifying commit takes a database-wide lock until flushed: every write would queue.
    const notifying = await t.db.$client.query<{ name: string }>(
      `select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.prosrc ilike '%pg_notify%'`,
    );
    expect(notifying.rows).toEqual([]);
  });

  it('reads on its own between changes, without being asked', async () => {
    const { feed, seen } = await watchFeed({ pollMs: 5, idlePollMs: 20 });
    const client = await connect();
    await stopping(feed, async () => {
      await announce(client, 'polled_probe', '5');
      await expect.poll(() => named(seen, 'polled_probe'), { timeout: 5_000 }).toHaveLength(1);
    }).finally(() => client.end());
  });

  it('relays changes to a copy of the version before the log while one listens', async () => {
    // A rolling deploy across migration 0045: the old copy listens, and no write notifies.
    const legacy = await connect();
    const heard: string[] = [];
    legacy.on('notification', ({ payload }) => heard.push(payload ?? ''));
    await legacy.query('listen waymark_changes');
    const { feed } = await watchFeed();
    const client = await connect();
    await stopping(feed, async () => {
      await announce(client, 'relayed_probe', '7');
      await feed.sync();
      await expect.poll(() => heard, { timeout: 5_000 }).toContain('relayed_probe:7');
    }).finally(() => Promise.all([client.end(), legacy.end()]));
  });

  it('prunes what every copy has read, and forgets everything after falling behind', async () => {
    const client = await connect();
    const { feed, seen } = await watchFeed({
      retentionMs: 300,
      pollMs: 60_000,
      idlePollMs: 60_000,
    });
    await stopping(feed, async () => {
      await announce(client, 'pruned_probe', '6');
      const left = async () =>
        Number(
          (
            await client.query<{ n: string }>(
              "select count(*) as n from change_log where tbl = 'pruned_probe'",
            )
          ).rows[0]?.n,
        );
      expect(await left()).toBe(1);
      await expect.poll(left, { timeout: 10_000, interval: 100 }).toBe(0);
      // Its last read is older than half the retention: what it missed may be gone.
      const resets = named(seen, 'reset').length;
      await feed.sync();
      expect(named(seen, 'reset')).toHaveLength(resets + 1);
    }).finally(() => client.end());
  });
});
