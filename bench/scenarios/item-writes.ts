import { loadAverage, postgresProcesses, serverProcesses, totalCpuMs } from '../lib/process-stats';
import { loadAtOnce, mixedLoadCalls, type Mix } from './mixed-load';
import { seedLargeOrganization } from './page-items';
import type { PreparedScenario, Scenario } from './types';
import { preloadStatementStats, topStatements } from '../lib/search-split';

const SECONDS = Number(process.env.BENCH_WRITES_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_WRITES_CONNECTIONS ?? 20);
const ROUNDS = Number(process.env.BENCH_WRITES_ROUNDS ?? 2);
// Issues 28 and 34: where PostgreSQL's CPU per write goes — its statements, those the write's
// triggers and functions run included (pg_stat_statements, loaded from the server's next start:
// run as an A/B so the rounds after the first have it).
const STATEMENTS = process.env.BENCH_WRITES_STATEMENTS === '1';

let writes: Mix[] = [];
let token = '';

/**
 * Issue 34: what one item write costs, whatever else runs on the machine — the mixed load's
 * create and note, each alone, with the CPU the server's processes and the database's processes
 * spent per answered write (their clock ticks, 10 ms, over thousands of writes).
 */
export const itemWritesScenario: Scenario = {
  name: 'item-writes',
  description:
    'Item writes alone (the mixed load’s create and note, each in turn): requests per second, p99, and the server’s and PostgreSQL’s CPU per write — figures the machine’s other load moves far less than latency.',
  prepare: async (serverUrl, context) => {
    token = await context.signToken({ subject: 'bench-mixed', email: 'mixed@bench.test' });
    const ids = await seedLargeOrganization(serverUrl, context, token);
    if (STATEMENTS) await preloadStatementStats(context.dataDir, { nested: true });
    const calls = await mixedLoadCalls(serverUrl, token, ids, context.dataDir);
    writes = calls
      .filter((mix) => /createItem|addItemNote/.test(mix.label))
      .map((mix) => ({ ...mix, connections: CONNECTIONS }));
    return {
      baseline: { label: 'unused', url: serverUrl },
      targets: [],
    } satisfies PreparedScenario;
  },
  run: async (prepared, context) => {
    const serverUrl = prepared.baseline.url;
    const server = serverProcesses(context.serverPid);
    const rows: string[] = [];
    const loadAtStart = loadAverage();
    const statementLines: string[] = [];
    for (let round = 1; round <= ROUNDS; round += 1)
      for (const mix of writes) {
        const database = postgresProcesses(context.dataDir);
        const serverBefore = totalCpuMs(server);
        const databaseBefore = totalCpuMs(database);
        const statements = STATEMENTS ? await topStatements(context.dataDir) : null;
        const [result] = await loadAtOnce(serverUrl, token, [mix], SECONDS);
        const answered = Math.max(1, result?.requests.total ?? 0);
        // Read (and its connection closed) whatever the load answered.
        const statementTable = await statements?.read(answered);
        if (!result) continue;
        if (statementTable)
          statementLines.push('', `${mix.label}, round ${round}:`, '', ...statementTable);
        const serverUs = (1000 * (totalCpuMs(server) - serverBefore)) / answered;
        const databaseUs = (1000 * (totalCpuMs(database) - databaseBefore)) / answered;
        const failures = result.non2xx + result.errors + result.timeouts;
        rows.push(
          `| ${round} | ${mix.label} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ${failures} | ${serverUs.toFixed(0)} | ${databaseUs.toFixed(0)} | ${(serverUs + databaseUs).toFixed(0)} |`,
        );
      }
    return [
      `Run ${new Date().toISOString().slice(0, 10)} · ${CONNECTIONS} connections · ${SECONDS} s per call and round · load average ${loadAtStart} at the start, ${loadAverage()} at the end.`,
      '',
      '| round | call | req/s | p50 ms | p99 ms | failures | server CPU µs/write | PostgreSQL CPU µs/write | together |',
      '|---:|---|---:|---:|---:|---:|---:|---:|---:|',
      ...rows,
      ...statementLines,
    ];
  },
};
