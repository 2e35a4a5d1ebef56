import pg from 'pg';
import { embeddedDatabaseUrl } from '../../scripts/lib/start-server.mjs';
import { openStream, type Stream } from './live-streams';
import { callJson, itemOptionIds } from './page-items';
import type { Scenario } from './types';

// Issue 27: a note on an item watched by 1,000 users. Its notifications are written in one
// statement inside the note's transaction, and each watcher's open panel (one event stream each)
// is told live. Measured: the time from the write to each watcher's stream having its
// notification, p50 / p99 over every watcher and round, against the write's own round trip.

const WATCHERS = Number(process.env.BENCH_WATCHERS ?? 1_000);
const ROUNDS = 5;

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ??
  0;

let server = '';
let owner = '';
let tokens: string[] = [];
let projectId = 0;
let itemId = 0;
let dataDir = '';

/** Issue 27: notification fan-out to 1,000 watchers with open panels. */
export const notificationFanOutScenario: Scenario = {
  name: 'notification-fan-out',
  description: `Notifications: a note on an item watched by ${WATCHERS} users, each with an open panel (one event stream) — the time from the note's write to each watcher's stream having its notification (p50, p99 over all watchers and rounds), against the write's own round trip.`,
  prepare: async (serverUrl, context) => {
    server = serverUrl;
    dataDir = context.dataDir;
    owner = await context.signToken({ subject: 'fan-owner', email: 'fan-owner@bench.test' });
    await callJson(`${serverUrl}/api/account/createOrgExistingUser`, owner, {
      method: 'POST',
      body: JSON.stringify({ orgName: 'Fan-out bench' }),
    });
    const [org] = await callJson<{ orgId: number }[]>(`${serverUrl}/api/account/getOrgs`, owner);
    const orgId = org?.orgId ?? 0;
    ({ projectId } = await callJson<{ projectId: number }>(
      `${serverUrl}/api/project/createProject`,
      owner,
      {
        method: 'POST',
        body: JSON.stringify({ orgId, projectName: 'Fan', baseUrl: 'https://fan.bench.test' }),
      },
    ));
    const {
      typeIds: [itemTypeId],
      statusIds: [itemStatusId],
    } = await itemOptionIds(serverUrl, owner, orgId);
    ({ itemId } = await callJson<{ itemId: number }>(`${serverUrl}/api/item/createItem`, owner, {
      method: 'POST',
      body: JSON.stringify({
        projectId,
        relativePath: '/fan',
        title: 'Watched by many',
        itemTypeId,
        itemStatusId,
      }),
    }));
    // Watchers: provisioned by one call each (in batches), then members with the project who
    // watch the item, in three statements.
    tokens = [];
    for (let index = 0; index < WATCHERS; index += 50) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(50, WATCHERS - index) }, async (_, offset) => {
          const token = await context.signToken({
            subject: `fan-${index + offset}`,
            email: `fan-${index + offset}@bench.test`,
          });
          await callJson(`${serverUrl}/api/account/getOrgs`, token);
          return token;
        }),
      );
      tokens.push(...batch);
    }
    const db = new pg.Client({ connectionString: embeddedDatabaseUrl(context.dataDir) });
    await db.connect();
    const watchers = `select id from users where email like 'fan-%@bench.test' and email <> 'fan-owner@bench.test'`;
    await db.query(
      `insert into org_members (org_id, user_id, access_level_id, status)
       select $1, id, 2, 'Active' from (${watchers}) w`,
      [orgId],
    );
    await db.query(
      `insert into project_access (project_id, user_id) select $1, id from (${watchers}) w`,
      [projectId],
    );
    await db.query(
      `insert into watches (user_id, project_id, kind, target_id)
       select id, $1, 'item', $2 from (${watchers}) w`,
      [projectId, itemId],
    );
    await db.end();
    return { baseline: { label: 'ping', url: `${serverUrl}/api/ping` }, targets: [] };
  },
  run: async () => {
    const url = `${server}/api/item/liveEvents/${projectId}`;
    const streams: Stream[] = [];
    for (let index = 0; index < tokens.length; index += 50)
      streams.push(
        ...(await Promise.all(
          tokens.slice(index, index + 50).map((token) => openStream(url, token, 'inbox_entries')),
        )),
      );
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const db = new pg.Client({ connectionString: embeddedDatabaseUrl(dataDir) });
    await db.connect();
    const writes: number[] = [];
    const deliveries: number[] = [];
    const written: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const arrivals = streams.map((stream) => stream.waitFor(itemId));
      const before = await db.query<{ n: number }>(
        'select count(*)::int as n from inbox_entries where item_id = $1',
        [itemId],
      );
      const start = performance.now();
      await callJson(`${server}/api/item/addItemNote`, owner, {
        method: 'POST',
        body: JSON.stringify({ itemId, text: `Round ${round}` }),
      });
      writes.push(performance.now() - start);
      deliveries.push(...(await Promise.all(arrivals)).map((at) => at - start));
      const after = await db.query<{ n: number }>(
        'select count(*)::int as n from inbox_entries where item_id = $1',
        [itemId],
      );
      written.push((after.rows[0]?.n ?? 0) - (before.rows[0]?.n ?? 0));
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    await db.end();
    streams.forEach((stream) => stream.close());
    const write = percentile(writes, 0.5);
    const ms = (value: number) => value.toFixed(1);
    const p50 = percentile(deliveries, 0.5);
    const p99 = percentile(deliveries, 0.99);
    return [
      `Run ${new Date().toISOString().slice(0, 10)} · ${streams.length} watchers, each with one open stream · ${ROUNDS} notes · notifications written per note: ${written.join(', ')} (one \`waymark_fan_out\` statement each) · the streams are read by the benchmark process on the same 2-core machine.`,
      '',
      '| what | figure | ratio to baseline | baseline |',
      '|---|---:|---:|---|',
      `| note → a watcher's panel has its notification, p50 | ${ms(p50)} ms | ${(p50 / write).toFixed(2)} | the write's round trip ${ms(write)} ms |`,
      `| note → a watcher's panel has its notification, p99 | ${ms(p99)} ms | ${(p99 / write).toFixed(2)} | the write's round trip ${ms(write)} ms |`,
      `| slowest delivery of all rounds | ${ms(Math.max(...deliveries))} ms | — | — |`,
    ];
  },
};
