import { existsSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { embeddedDatabaseUrl } from '../../scripts/lib/start-server.mjs';

// Issue 28: where a search's time goes under the mixed writes, per round trip — waiting for a
// pooled connection, in PostgreSQL (planning + execution, pg_stat_statements), and the rest of
// the round trip (the answer waiting for the server's event loop, and the socket). The server
// side comes from bench/lib/pg-timing.mjs (preloaded through BENCH_NODE, PG_TIMING_FILE set).

/** Running totals of one statement kind, as pg-timing.mjs writes them. */
type Totals = { count: number; poolWaitMs: number; roundTripMs: number };
type Snapshot = { pid: number; statements: Record<string, Totals> };

/** The search statements, told apart by prepared name (server) or SQL (pg_stat_statements). */
export function searchStatementKind(nameOrText: string): 'page' | 'tsquery' | 'language' | null {
  if (/^search_items_/.test(nameOrText) || nameOrText.includes('ts_headline')) return 'page';
  if (/^search_tsquery_/.test(nameOrText) || nameOrText.includes('websearch_to_tsquery'))
    return 'tsquery';
  if (nameOrText === 'search_language' || nameOrText.includes('search_language')) return 'language';
  return null;
}

const KINDS = ['language', 'tsquery', 'page'] as const;
type Kind = (typeof KINDS)[number];
type ByKind = Map<Kind, Totals>;

/** Statement totals (name, totals) summed by search statement kind. */
function byKind(statements: [string, Totals][]): ByKind {
  const sums: ByKind = new Map();
  for (const [name, totals] of statements) {
    const kind = searchStatementKind(name);
    if (!kind) continue;
    const sum = sums.get(kind) ?? { count: 0, poolWaitMs: 0, roundTripMs: 0 };
    sum.count += totals.count;
    sum.poolWaitMs += totals.poolWaitMs;
    sum.roundTripMs += totals.roundTripMs;
    sums.set(kind, sum);
  }
  return sums;
}

/** The latest totals the server wrote, per search statement kind: see {@link serverTimingsOf}. */
export function readServerTimings(file: string): ByKind {
  return existsSync(file) ? serverTimingsOf(readFileSync(file, 'utf8')) : new Map<Kind, Totals>();
}

/**
 * The server's totals per search statement kind in pg-timing.mjs's lines (`text`): each process's
 * latest line, summed. With WEB_CONCURRENCY > 1 every cluster worker writes its own running totals
 * (the preload reaches them through `execArgv`), so the file's last line is one worker's share;
 * the processes of earlier rounds' servers no longer write, and a phase's {@link difference}
 * cancels them.
 */
export function serverTimingsOf(text: string): ByKind {
  const latest = new Map<number, Snapshot>();
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const snapshot = JSON.parse(line) as Snapshot;
    latest.set(snapshot.pid, snapshot);
  }
  return byKind([...latest.values()].flatMap((snapshot) => Object.entries(snapshot.statements)));
}

/** PostgreSQL's time per statement kind: calls, planning and execution ms in all. */
type DbTimes = Map<Kind, { calls: number; planMs: number; execMs: number }>;

/**
 * Asks the cluster to load pg_stat_statements (with planning times) from its next start: the
 * A/B rounds restart the server, and with it the embedded PostgreSQL, before each round.
 */
export async function preloadStatementStats(
  dataDir: string,
  options: { nested?: boolean } = {},
): Promise<void> {
  const client = new pg.Client(embeddedDatabaseUrl(dataDir));
  await client.connect();
  try {
    await client.query(`alter system set shared_preload_libraries = 'pg_stat_statements'`);
    await client.query(`alter system set pg_stat_statements.track_planning = on`);
    // Statements run by functions and triggers too, each counted apart from its caller.
    if (options.nested) await client.query(`alter system set pg_stat_statements.track = 'all'`);
  } finally {
    await client.end();
  }
}

/** A phase's PostgreSQL times: `reset()` at its start, `read()` at its end; null when not loaded. */
export async function statementStats(
  dataDir: string,
): Promise<{ read: () => Promise<DbTimes>; end: () => Promise<void> } | null> {
  const client = new pg.Client(embeddedDatabaseUrl(dataDir));
  await client.connect();
  try {
    await client.query('create extension if not exists pg_stat_statements');
    await client.query('select pg_stat_statements_reset()');
  } catch {
    await client.end();
    return null;
  }
  return {
    read: async () => {
      const { rows } = await client.query<{
        query: string;
        calls: string;
        plan: number;
        exec: number;
      }>(
        `select query, calls, total_plan_time as plan, total_exec_time as exec
         from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())`,
      );
      const times: DbTimes = new Map();
      for (const row of rows) {
        const kind = searchStatementKind(row.query);
        if (!kind) continue;
        const sum = times.get(kind) ?? { calls: 0, planMs: 0, execMs: 0 };
        sum.calls += Number(row.calls);
        sum.planMs += row.plan;
        sum.execMs += row.exec;
        times.set(kind, sum);
      }
      return times;
    },
    end: () => client.end(),
  };
}

/**
 * The statements PostgreSQL spent most execution time on between `topStatements()` and `read()`
 * (`pg_stat_statements`, reset at the start; null lines when not loaded), as a Markdown table per
 * `per` calls answered: nested statements (a trigger's) are listed apart and also counted in
 * their caller's time.
 */
export async function topStatements(
  dataDir: string,
  count = 15,
): Promise<{ read: (per: number) => Promise<string[]> }> {
  const client = new pg.Client(embeddedDatabaseUrl(dataDir));
  await client.connect();
  let loaded = true;
  try {
    await client.query('create extension if not exists pg_stat_statements');
    await client.query('select pg_stat_statements_reset()');
  } catch {
    loaded = false;
  }
  return {
    read: async (per) => {
      try {
        if (!loaded) return ['(pg_stat_statements not loaded in this round)'];
        const { rows } = await client.query<{
          query: string;
          calls: string;
          exec: number;
          toplevel: boolean;
        }>(
          `select query, calls, total_exec_time as exec, toplevel from pg_stat_statements
           where dbid = (select oid from pg_database where datname = current_database())
           order by total_exec_time desc limit $1`,
          [count],
        );
        return [
          '| µs per call answered | calls per call answered | top level | statement |',
          '|---:|---:|---|---|',
          ...rows.map(
            (row) =>
              `| ${((1000 * row.exec) / per).toFixed(0)} | ${(Number(row.calls) / per).toFixed(2)} | ${row.toplevel ? 'yes' : 'no'} | \`${row.query.replace(/\s+/g, ' ').slice(0, 140).replace(/\|/g, '\\|')}\` |`,
          ),
        ];
      } finally {
        await client.end();
      }
    },
  };
}

/** The server's totals accumulated between two readings. */
export function difference(before: ByKind, after: ByKind): ByKind {
  const diff: ByKind = new Map();
  for (const [kind, totals] of after) {
    const earlier = before.get(kind) ?? { count: 0, poolWaitMs: 0, roundTripMs: 0 };
    diff.set(kind, {
      count: totals.count - earlier.count,
      poolWaitMs: totals.poolWaitMs - earlier.poolWaitMs,
      roundTripMs: totals.roundTripMs - earlier.roundTripMs,
    });
  }
  return diff;
}

/**
 * Markdown lines: per search, for each statement kind, its round trips, pool wait, time in
 * PostgreSQL and the rest of its round trip; then the search's latency outside its statements.
 */
export function formatSplit(
  phase: string,
  searches: number,
  meanLatencyMs: number,
  server: ByKind,
  db: DbTimes | null,
): string[] {
  const per = (ms: number) => (ms / Math.max(1, searches)).toFixed(1);
  const lines = [
    `*${phase}*, ${searches} searches, mean latency ${meanLatencyMs.toFixed(1)} ms (client), per search:`,
    '',
    '| statement | round trips | pool wait ms | round trip ms | in PostgreSQL ms (plan + execution) | rest of the round trip ms (event loop, socket) |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  let inStatements = 0;
  for (const kind of KINDS) {
    const totals = server.get(kind);
    if (!totals?.count) continue;
    const times = db?.get(kind);
    const dbMs = times ? times.planMs + times.execMs : Number.NaN;
    inStatements += totals.poolWaitMs + totals.roundTripMs;
    lines.push(
      `| ${kind} | ${(totals.count / Math.max(1, searches)).toFixed(2)} | ${per(totals.poolWaitMs)} | ${per(totals.roundTripMs)} | ${times ? `${per(dbMs)} (${per(times.planMs)} + ${per(times.execMs)})` : '—'} | ${times ? per(totals.roundTripMs - dbMs) : '—'} |`,
    );
  }
  lines.push(
    '',
    `Outside its statements (HTTP, authentication, the server's own work, waits for the event loop before the first statement and after the last): ${(meanLatencyMs - inStatements / Math.max(1, searches)).toFixed(1)} ms per search.`,
  );
  return lines;
}
