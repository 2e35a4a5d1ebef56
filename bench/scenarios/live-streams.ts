import { readFileSync } from 'node:fs';
import { createParser } from 'eventsource-parser';
import pg from 'pg';
import { embeddedDatabaseUrl } from '../../scripts/lib/start-server.mjs';
import { callJson } from './page-items';
import type { Scenario } from './types';
import { median } from '../lib/median';

// Issue 16: 1,000 open live streams on one server — what they cost in memory, and how long one
// change takes to reach all of them. Baselines from the same run: the server's idle memory, and
// the round trip of the write that causes the change.

const STREAMS = Number(process.env.BENCH_LIVE_STREAMS ?? 1_000);
/** Streams per user: the server's default cap (LIVE_MAX_STREAMS_PER_USER) is 10. */
const PER_USER = 10;
const ROUNDS = 5;

function rssMb(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(line?.[1] ?? 0) / 1024;
}

/** One open event stream, as a panel's worker holds it. */
export type Stream = { waitFor: (itemId: number) => Promise<number>; close: () => void };

/**
 * Opens one stream; `waitFor` resolves with the time a change of `itemId` arrived (of `topic`
 * only, when given: issue 27's notifications are `inbox_entries` events).
 */
export async function openStream(url: string, token: string, topic?: string): Promise<Stream> {
  const abort = new AbortController();
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  if (!response.ok || !response.body) throw new Error(`stream: ${response.status}`);
  const waiters = new Map<number, (at: number) => void>();
  let ready: () => void = () => undefined;
  const isReady = new Promise<void>((resolve) => (ready = resolve));
  const parser = createParser({
    onEvent: (event) => {
      if (event.event === 'ready') ready();
      if (event.event !== 'change') return;
      const change = JSON.parse(event.data) as { itemId: number | null; topic: string };
      if (topic !== undefined && change.topic !== topic) return;
      if (change.itemId !== null) waiters.get(change.itemId)?.(performance.now());
    },
  });
  const decoder = new TextDecoder();
  void (async () => {
    try {
      for await (const chunk of response.body as AsyncIterable<Uint8Array>)
        parser.feed(decoder.decode(chunk, { stream: true }));
    } catch {
      // closed
    }
  })();
  await isReady;
  return {
    waitFor: (itemId) => new Promise((resolve) => waiters.set(itemId, resolve)),
    close: () => abort.abort(),
  };
}

let tokens: string[] = [];
let server = '';
let projectId = 0;
let itemId = 0;
let statusIds: number[] = [];

/** Issue 16: memory and fan-out latency of 1,000 open live streams. */
export const liveStreamsScenario: Scenario = {
  name: 'live-streams',
  description: `Live updates: ${STREAMS} event streams of one project held open on one server (${PER_USER} per user, the default cap) — the server's memory against its idle memory, and the time from one item write to its change event reaching every stream, against the write's own round trip.`,
  prepare: async (serverUrl, context) => {
    server = serverUrl;
    const baseline = { label: 'ping', url: `${serverUrl}/api/ping` };
    // BENCH_AB restarts the server on the same data before each round: the organization, its
    // members and their tokens from the first round are still there (a second one is a 409).
    if (projectId !== 0) return { baseline, targets: [] };
    const owner = await context.signToken({
      subject: 'live-owner',
      email: 'live-owner@bench.test',
    });
    await callJson(`${serverUrl}/api/account/createOrgExistingUser`, owner, {
      method: 'POST',
      body: JSON.stringify({ orgName: 'Live bench' }),
    });
    const [org] = await callJson<{ orgId: number }[]>(`${serverUrl}/api/account/getOrgs`, owner);
    const orgId = org?.orgId ?? 0;
    ({ projectId } = await callJson<{ projectId: number }>(
      `${serverUrl}/api/project/createProject`,
      owner,
      {
        method: 'POST',
        body: JSON.stringify({ orgId, projectName: 'Live', baseUrl: 'https://live.bench.test' }),
      },
    ));
    const types = await callJson<{ itemTypeId: number }[]>(
      `${serverUrl}/api/item/getItemTypeOptions/${orgId}`,
      owner,
    );
    statusIds = (
      await callJson<{ itemStatusId: number }[]>(
        `${serverUrl}/api/item/getStatusOptions/${orgId}`,
        owner,
      )
    ).map((status) => status.itemStatusId);
    ({ itemId } = await callJson<{ itemId: number }>(`${serverUrl}/api/item/createItem`, owner, {
      method: 'POST',
      body: JSON.stringify({
        projectId,
        relativePath: '/live',
        title: 'Watched by many',
        itemTypeId: types[0]?.itemTypeId,
        itemStatusId: statusIds[0],
      }),
    }));
    // Members who watch: provisioned by one call each, then made members with the project.
    tokens = [owner];
    const db = new pg.Client({ connectionString: embeddedDatabaseUrl(context.dataDir) });
    await db.connect();
    for (let index = 1; index < Math.ceil(STREAMS / PER_USER); index += 1) {
      const token = await context.signToken({
        subject: `live-${index}`,
        email: `live-${index}@bench.test`,
      });
      await callJson(`${serverUrl}/api/account/getOrgs`, token);
      await db.query(
        `insert into org_members (org_id, user_id, access_level_id, status)
         select $1, id, 2, 'Active' from users where email = $2`,
        [orgId, `live-${index}@bench.test`],
      );
      await db.query(
        'insert into project_access (project_id, user_id) select $1, id from users where email = $2',
        [projectId, `live-${index}@bench.test`],
      );
      tokens.push(token);
    }
    await db.end();
    return { baseline, targets: [] };
  },
  run: async (_prepared, context) => {
    const idleMb = rssMb(context.serverPid);
    const streams: Stream[] = [];
    const url = `${server}/api/item/liveEvents/${projectId}`;
    // Opened in batches, as panels open over time, each user holding its share.
    for (let index = 0; index < STREAMS; index += 50) {
      const batch = Array.from({ length: Math.min(50, STREAMS - index) }, (_, offset) =>
        openStream(url, tokens[Math.floor((index + offset) / PER_USER)] ?? ''),
      );
      streams.push(...(await Promise.all(batch)));
    }
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const openMb = rssMb(context.serverPid);
    const writes: number[] = [];
    const firsts: number[] = [];
    const lasts: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const arrivals = streams.map((stream) => stream.waitFor(itemId));
      const start = performance.now();
      await callJson(`${server}/api/item/updateItem`, tokens[0] ?? '', {
        method: 'POST',
        body: JSON.stringify({ itemId, itemStatusId: statusIds[(round + 1) % statusIds.length] }),
      });
      writes.push(performance.now() - start);
      const times = await Promise.all(arrivals);
      firsts.push(Math.min(...times) - start);
      lasts.push(Math.max(...times) - start);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    streams.forEach((stream) => stream.close());
    const write = median(writes);
    const ms = (value: number) => value.toFixed(1);
    return [
      `Run ${new Date().toISOString().slice(0, 10)} · ${STREAMS} streams (${tokens.length} users) · ${ROUNDS} changes, medians · the streams are read by the benchmark process on the same 2-core machine.`,
      '',
      '| what | figure | ratio to baseline | baseline |',
      '|---|---:|---:|---|',
      `| server memory with ${STREAMS} streams open | ${ms(openMb)} MB | ${(openMb / idleMb).toFixed(2)} | idle ${ms(idleMb)} MB |`,
      `| memory per open stream | ${(((openMb - idleMb) * 1024) / STREAMS).toFixed(1)} KB | — | — |`,
      `| write → first stream has the change | ${ms(median(firsts))} ms | ${(median(firsts) / write).toFixed(2)} | the write's round trip ${ms(write)} ms |`,
      `| write → all ${STREAMS} streams have it | ${ms(median(lasts))} ms | ${(median(lasts) / write).toFixed(2)} | the write's round trip ${ms(write)} ms |`,
      `| slowest round, all streams | ${ms(Math.max(...lasts))} ms | — | — |`,
    ];
  },
};
