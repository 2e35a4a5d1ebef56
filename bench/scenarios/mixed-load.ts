import { loadAverage, serverProcesses, totalCpuMs, totalRssMb } from '../lib/process-stats';
import autocannon from 'autocannon';
import pg from 'pg';
import { embeddedDatabaseUrl } from '../../scripts/lib/start-server.mjs';
import { observeLoad, type LoadObservation } from '../lib/load-observer';
import { callJson, PATH_COUNT, seedLargeOrganization, type SeededOrganization } from './page-items';
import { useLiveTriggers, type LiveTriggerVariant } from './live-trigger-variants';
import { explainSearch } from '../lib/search-explain';
import type { PreparedScenario, Scenario } from './types';
import { startPacedWriter } from '../lib/run-paced-writes';
import type { SlowestSplit } from '../lib/paced-writes';
import {
  figuresOfAutocannon,
  figuresOfPaced,
  pacedWriteRequests,
  type CallFigures,
} from './paced-write-phase';

const DURATION_SECONDS = Number(process.env.BENCH_MIXED_DURATION ?? 60);
// Issue 34: seconds of the same load before the measured round, on the same server, reported as
// the cold phase of its own (the server starts with empty caches). 0: the round alone, as before.
const WARMUP_SECONDS = Number(process.env.BENCH_MIXED_WARMUP ?? 0);
// The pages lookups go to (the first n of the 10,000; creates still use them all): fewer than
// the lookups of a round make repeat visits, so the round shows whether the load's writes leave
// the cached pages they did not touch (issue 34).
const LOOKUP_PAGES = Number(process.env.BENCH_MIXED_LOOKUP_PAGES ?? PATH_COUNT);
// Issue 34: item writes per second (creates and notes, split as their connections) of an extra
// phase after the closed-loop ones, the lookups and searches staying closed loop: the lookups' tail
// without the write rate moving with the server's speed. 0: no such phase. The writes are sent
// open loop at evenly spaced instants by a process of their own (lib/paced-writes.ts, decision 0111).
const WRITE_RATE = Number(process.env.BENCH_MIXED_WRITE_RATE ?? 0);

const random = (n: number) => Math.floor(Math.random() * n);

/** How the mixed load's creates title their items, and its notes' text: what a bench may remove. */
export const LOAD_ITEM_TITLE_PREFIX = 'Load item ';
export const LOAD_NOTE_TEXT = 'A note under load';

/** One call of a mixed load: how many connections make it, and what each sends next. */
export type Mix = {
  label: string;
  connections: number;
  /** An item write: the mixes BENCH_MIXED_WRITE_RATE sends evenly paced. */
  isWrite?: boolean;
  /** The path and JSON body of the next request; no body: a GET. */
  next: () => { path: string; body?: object };
};

/** The server's resident memory in MB, from /proc (Linux). */
let mixes: Mix[] = [];
let searchPlan = '';
// The plan is of this tree's statement, the same in every A/B round: printed in the first only.
let searchPlanShown = false;

// A text as the load's searches send it (`of /page/n`), for the EXPLAIN printed with the round.
const EXPLAINED_TEXT = 'of /page/1234';
let token = '';

/** Loads every call of `calls` at once, closed loop, for `seconds`, as `bearer`'s user. */
export function loadAtOnce(
  serverUrl: string,
  bearer: string,
  calls: Mix[],
  seconds: number,
): Promise<autocannon.Result[]> {
  return Promise.all(
    calls.map((mix) =>
      autocannon({
        url: serverUrl,
        connections: mix.connections,
        duration: seconds,
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        requests: [
          {
            setupRequest: (request) => {
              const { path, body } = mix.next();
              return body
                ? { ...request, method: 'POST', path, body: JSON.stringify(body) }
                : { ...request, method: 'GET', path };
            },
          },
        ],
      }),
    ),
  );
}

/**
 * Loads `calls` for `seconds`: the writes open loop, `writeRate` per second between them at
 * evenly spaced instants from a process of their own, the others closed loop as loadAtOnce.
 * Figures in the order of `calls`, and the paced process's CPU (ms).
 */
async function loadWithPacedWrites(
  serverUrl: string,
  bearer: string,
  calls: Mix[],
  seconds: number,
  writeRate: number,
): Promise<{ figures: CallFigures[]; pacedCpuMs: number; slowest: SlowestSplit }> {
  const writes = calls.filter((mix) => mix.isWrite);
  const closed = calls.filter((mix) => !mix.isWrite);
  const requests = pacedWriteRequests(writes, writeRate, seconds);
  const writer = await startPacedWriter();
  const [closedResults, paced] = await Promise.all([
    loadAtOnce(serverUrl, bearer, closed, seconds),
    writer.send({ serverUrl, bearer, requests, rate: writeRate }),
  ]);
  const figures = calls.map((mix) =>
    mix.isWrite
      ? figuresOfPaced(
          paced.classes.find((paced) => paced.label === mix.label),
          seconds,
        )
      : figuresOfAutocannon(closedResults[closed.indexOf(mix)] as autocannon.Result),
  );
  return { figures, pacedCpuMs: paced.cpuMs, slowest: paced.slowest };
}

/**
 * The mixed load's calls on the large organization `ids`: page lookups on random pages (140
 * connections), item creation (30), notes (20) and searches (10).
 */
export async function mixedLoadCalls(
  serverUrl: string,
  bearer: string,
  ids: SeededOrganization,
  dataDir: string,
): Promise<Mix[]> {
  const { orgId, projectId } = ids;
  const types = await callJson<{ itemTypeId: number }[]>(
    `${serverUrl}/api/item/getItemTypeOptions/${orgId}`,
    bearer,
  );
  const statuses = await callJson<{ itemStatusId: number }[]>(
    `${serverUrl}/api/item/getStatusOptions/${orgId}`,
    bearer,
  );
  const client = new pg.Client(embeddedDatabaseUrl(dataDir));
  await client.connect();
  const range = await client
    .query<{ low: number; high: number }>(
      // The seeded items only: search-load deletes an earlier turn's load items before each turn,
      // and notes aimed at those ids would answer 404.
      'select min(id) as low, max(id) as high from items where project_id = $1 and title not like $2',
      [projectId, `${LOAD_ITEM_TITLE_PREFIX}%`],
    )
    .finally(() => client.end());
  const low = Number(range.rows[0]?.low);
  const span = Number(range.rows[0]?.high) - low + 1;
  const page = () => `/page/${1 + random(PATH_COUNT)}`;
  return [
    {
      label: 'GET /api/item/getPageItems (random page)',
      connections: 140,
      next: () => ({
        path: `/api/item/getPageItems?${new URLSearchParams({ pageUrl: `https://env${1 + random(5)}.bench.test/page/${1 + random(LOOKUP_PAGES)}` }).toString()}`,
      }),
    },
    {
      label: 'POST /api/item/createItem',
      connections: 30,
      isWrite: true,
      next: () => ({
        path: '/api/item/createItem',
        body: {
          projectId,
          relativePath: page(),
          title: `${LOAD_ITEM_TITLE_PREFIX}${random(1e9)}`,
          itemTypeId: types[0]?.itemTypeId,
          itemStatusId: statuses[0]?.itemStatusId,
          tags: ['load'],
        },
      }),
    },
    {
      label: 'POST /api/item/addItemNote',
      connections: 20,
      isWrite: true,
      next: () => ({
        path: '/api/item/addItemNote',
        body: { itemId: low + random(span), text: LOAD_NOTE_TEXT },
      }),
    },
    {
      label: 'POST /api/item/searchItems (full text)',
      connections: 10,
      next: () => ({
        path: '/api/item/searchItems',
        body: { projectId, text: `of ${page()}` },
      }),
    },
  ];
}

/**
 * Issue 34's load-independent figures of one round: CPU per request of the load generator (this
 * process: autocannon), the server and PostgreSQL; what the change feed told the caches; how many
 * lookups reached the database (index scans of the path's items per lookup answered); the WAL
 * written and the checkpoints begun, behind which a write's tail may have waited.
 */
function describeObservation(
  seen: LoadObservation,
  serverCpuMs: number,
  results: CallFigures[],
  pacedCpuMs?: number,
): string {
  const requests = results.reduce((sum, result) => sum + result.requests, 0);
  const lookups = results[0]?.requests ?? 0;
  const perRequest = (ms: number) => ((1000 * ms) / Math.max(requests, 1)).toFixed(0);
  const cores = (ms: number) => (ms / seen.wallMs).toFixed(2);
  const changes = Object.entries(seen.changes)
    .sort(([, a], [, b]) => b - a)
    .map(([table, count]) => `${table} ${count}`)
    .join(', ');
  const pathScans = seen.indexScans.items_relative_path_id_idx ?? 0;
  return [
    `CPU per request answered (${requests} requests, ${(seen.wallMs / 1000).toFixed(1)} s): load generator ${perRequest(seen.generatorCpuMs)} µs (${cores(seen.generatorCpuMs)} cores), server ${perRequest(serverCpuMs)} µs (${cores(serverCpuMs)} cores), PostgreSQL ${perRequest(seen.databaseCpuMs)} µs (${cores(seen.databaseCpuMs)} cores).${pacedCpuMs === undefined ? '' : ` Paced writes' process: ${pacedCpuMs.toFixed(0)} ms CPU (${cores(pacedCpuMs)} cores).`}`,
    `Change-feed announcements: ${changes || 'none'}. Index scans: ${Object.entries(seen.indexScans)
      .map(([name, scans]) => `${name} ${scans}`)
      .join(
        ', ',
      )} — items of a path read ${(pathScans / Math.max(lookups, 1)).toFixed(3)} times per lookup answered (${lookups}).`,
    `WAL: ${(seen.wal.walBytes / 1024 ** 2).toFixed(0)} MB, ${seen.wal.fullPageImages} full-page images, buffers full ${seen.wal.buffersFull} times; checkpoints begun: ${seen.wal.checkpoints}.`,
  ].join(' ');
}

/** The paced writes' slowest 1 %, where their time went (lib/run-paced-writes.ts). */
function describeSlowest(slowest: SlowestSplit): string {
  const [first, middle, last] = slowest.scheduledS;
  return `Paced writes' slowest ${slowest.count} (1 %), medians: generator late ${slowest.late} ms, socket ${slowest.socket} ms, to the answer's headers ${slowest.answer} ms, rest ${slowest.rest} ms; due at ${first}–${last} s of the phase (median ${middle} s).`;
}

/** Issue 17: 200 connections for 60 s mixing the extension's calls on a large organization. */
export const mixedLoadScenario: Scenario = {
  name: 'mixed-load',
  description:
    'Mixed load: 200 connections at once for 60 s — page lookups on random pages, item creation, notes and searches — on an organization of 100 000 items over 10 000 paths; latency per call, errors, and the server’s memory idle and under load.',
  prepare: async (serverUrl, context) => {
    token = await context.signToken({ subject: 'bench-mixed', email: 'mixed@bench.test' });
    const ids = await seedLargeOrganization(serverUrl, context, token);
    mixes = await mixedLoadCalls(serverUrl, token, ids, context.dataDir);
    searchPlan = await explainSearch(embeddedDatabaseUrl(context.dataDir), ids, EXPLAINED_TEXT);
    // The harness's own rounds are not used: run() loads every call at once.
    const unused = { label: 'unused', url: serverUrl };
    return { baseline: unused, targets: [] } satisfies PreparedScenario;
  },
  run: async (prepared, context) => {
    const serverUrl = prepared.baseline.url;
    // The primary and its workers when WEB_CONCURRENCY > 1 (their memory and CPU summed).
    const processes = serverProcesses(context.serverPid);
    const idleMb = totalRssMb(processes);
    const samples: number[] = [];
    const sampler = setInterval(() => samples.push(totalRssMb(processes)), 1000);
    const loadAtStart = loadAverage();
    const cpuBefore = totalCpuMs(processes);
    // BENCH_MIXED_COMPARE=live-triggers: four rounds, live events recorded at each statement
    // (before migration 0022) and at commit, alternating, so both meet the same machine load.
    const variants: (LiveTriggerVariant | undefined)[] =
      process.env.BENCH_MIXED_COMPARE === 'live-triggers'
        ? ['at statement', 'at commit', 'at statement', 'at commit']
        : [undefined];
    const rows: string[] = [];
    const observations: string[] = [];
    let total = 0;
    let failed = 0;
    // With a warm-up: the first phase is the cold one (first visits after the start), the second
    // the steady state; each gets its rows and its load-independent figures.
    // With BENCH_MIXED_WRITE_RATE, one more phase after them: rows of their own, the closed-loop
    // rows (the issue's baseline) unchanged.
    const phases: { name: string | undefined; seconds: number; writeRate?: number }[] = [
      ...(WARMUP_SECONDS > 0
        ? [
            { name: `cold: first ${WARMUP_SECONDS} s after the start`, seconds: WARMUP_SECONDS },
            { name: `steady: the next ${DURATION_SECONDS} s`, seconds: DURATION_SECONDS },
          ]
        : [{ name: undefined, seconds: DURATION_SECONDS }]),
      ...(WRITE_RATE > 0
        ? [
            {
              name: `open loop: writes evenly paced at ${WRITE_RATE}/s, the next ${DURATION_SECONDS} s`,
              seconds: DURATION_SECONDS,
              writeRate: WRITE_RATE,
            },
          ]
        : []),
    ];
    for (const variant of variants) {
      if (variant) await useLiveTriggers(context.dataDir, variant);
      for (const phase of phases) {
        // The line a profiler waits for (bench/README.md): the load starts now, on this database.
        console.log(
          `mixed-load: ${phase.seconds} s of load starting${phase.name ? ` (${phase.name})` : ''} (data ${context.dataDir})`,
        );
        const observer = await observeLoad(embeddedDatabaseUrl(context.dataDir), context.dataDir);
        const serverCpuAtStart = totalCpuMs(processes);
        const {
          figures: results,
          pacedCpuMs,
          slowest,
        } = phase.writeRate
          ? await loadWithPacedWrites(serverUrl, token, mixes, phase.seconds, phase.writeRate)
          : {
              figures: (await loadAtOnce(serverUrl, token, mixes, phase.seconds)).map(
                figuresOfAutocannon,
              ),
              pacedCpuMs: undefined,
              slowest: undefined,
            };
        const serverCpu = totalCpuMs(processes) - serverCpuAtStart;
        const seen = [
          describeObservation(await observer.stop(), serverCpu, results, pacedCpuMs),
          ...(slowest ? [describeSlowest(slowest)] : []),
        ].join(' ');
        observations.push(phase.name ? `${phase.name}: ${seen}` : seen);
        results.forEach((result, index) => {
          const { failures } = result;
          total += result.requests;
          failed += failures;
          const mix = mixes[index];
          const label = [mix?.label, variant && `live events ${variant}`, phase.name]
            .filter(Boolean)
            .join(', ');
          rows.push(
            `| ${label} | ${phase.writeRate && mix?.isWrite ? 'open loop' : mix?.connections} | ${result.perSecond.toFixed(0)} | ${result.p50Ms} | ${result.p99Ms} | ${failures} |`,
          );
        });
      }
    }
    if (variants.length > 1) await useLiveTriggers(context.dataDir, 'at commit');
    clearInterval(sampler);
    const cpuPerRequestUs = (1000 * (totalCpuMs(processes) - cpuBefore)) / Math.max(total, 1);
    const afterMb = totalRssMb(processes);
    const peakMb = Math.max(...samples, afterMb);
    const meanMb = samples.reduce((sum, value) => sum + value, 0) / Math.max(samples.length, 1);
    const planAlreadyShown = searchPlanShown;
    searchPlanShown = true;
    return [
      `Run ${new Date().toISOString().slice(0, 10)} · ${mixes.reduce((n, mix) => n + mix.connections, 0)} connections · ${variants.length} × ${phases.map((phase) => `${phase.seconds} s`).join(' + ')}, every call at once · ${processes.length > 1 ? `${processes.length - 1} worker processes` : 'one server process'} · load average ${loadAtStart} at the start, ${loadAverage()} at the end.`,
      '',
      '| call | connections | req/s | p50 ms | p99 ms | failures |',
      '|---|---:|---:|---:|---:|---:|',
      ...rows,
      '',
      `Errors: ${failed} of ${total} requests (${((100 * failed) / Math.max(total, 1)).toFixed(3)} %). Server CPU (user + system, every server process): ${cpuPerRequestUs.toFixed(0)} µs per request. Server RSS: ${idleMb.toFixed(0)} MB idle before the load, ${meanMb.toFixed(0)} MB mean and ${peakMb.toFixed(0)} MB peak under it, ${afterMb.toFixed(0)} MB right after.`,
      '',
      ...observations,
      '',
      ...(planAlreadyShown
        ? ['EXPLAIN ANALYZE of the search’s statement: as in the first round (the same statement).']
        : [
            `EXPLAIN ANALYZE of the search's statement (text "${EXPLAINED_TEXT}", alone on the idle server, generic plan as the search pool runs it; the statement of this tree's search-items.ts, captured from the driver — with SERVER_MAIN, not necessarily that build's):`,
            '',
            '```text',
            searchPlan,
            '```',
          ]),
    ];
  },
};
