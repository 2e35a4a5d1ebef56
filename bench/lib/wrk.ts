import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { availableParallelism } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import type { Measurement, Target } from './measure';
import { cpuMs } from './process-stats';

const run = promisify(execFile);
const REPORT_SCRIPT = join(import.meta.dirname, 'wrk-report.lua');

/**
 * The `wrk` executable the benchmarks load with besides autocannon: `BENCH_WRK` when set (a path,
 * or `0` for none), else `wrk` on the PATH (Debian: `apt-get install wrk`); undefined when absent.
 */
export function findWrk(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.BENCH_WRK === '0') return undefined;
  const candidates = env.BENCH_WRK
    ? [env.BENCH_WRK]
    : (env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'wrk'));
  return candidates.find((path) => {
    try {
      accessSync(path, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * Whether wrk can load `target` as autocannon does: it sends one fixed request per connection,
 * so a target whose path changes per request (`varyPath`) stays autocannon's alone.
 */
export function wrkCanLoad(target: Target): boolean {
  return target.varyPath === undefined;
}

/** wrk's command line for `target`; its threads share the connections (never more threads than connections). */
export function wrkArguments(
  target: Target,
  connections: number,
  durationSeconds: number,
  threads: number,
): string[] {
  const headers = {
    ...(target.body !== undefined && { 'content-type': 'application/json' }),
    ...target.headers,
  };
  return [
    `--threads=${Math.max(1, Math.min(threads, connections))}`,
    `--connections=${connections}`,
    `--duration=${durationSeconds}s`,
    // autocannon's default: a slow answer under load is a slow answer, not an error.
    '--timeout=10s',
    `--script=${REPORT_SCRIPT}`,
    ...Object.entries(headers).flatMap(([name, value]) => ['--header', `${name}: ${value}`]),
    target.url,
  ];
}

/** The figures wrk-report.lua prints as its last line. */
export type WrkReport = {
  requests: number;
  durationUs: number;
  bytes: number;
  /** Answers with a status of 400 or more. */
  statusErrors: number;
  /** Connect, read, write errors and timeouts. */
  socketErrors: number;
  /** wrk's own CPU time (user + system, all threads) over the run. */
  cpuSeconds: number;
  p50Us: number;
  p99Us: number;
};

/** Reads wrk-report.lua's JSON line from wrk's output (wrk prints its own summary before it). */
export function parseWrkReport(output: string): WrkReport {
  const line = output
    .trim()
    .split('\n')
    .findLast((candidate) => candidate.startsWith('{'));
  if (line === undefined) throw new Error(`wrk printed no report:\n${output}`);
  return JSON.parse(line) as WrkReport;
}

/** A wrk run as a {@link Measurement}, with the server's CPU `serverCpuMs` spent meanwhile. */
export function wrkMeasurement(label: string, report: WrkReport, serverCpuMs: number): Measurement {
  const answered = Math.max(1, report.requests);
  return {
    label,
    generator: 'wrk',
    requestsPerSecond: report.requests / (report.durationUs / 1e6),
    p50Ms: report.p50Us / 1000,
    p99Ms: report.p99Us / 1000,
    failures: report.statusErrors + report.socketErrors,
    cpuUsPerRequest: (serverCpuMs * 1000) / answered,
    generatorCpuUsPerRequest: (report.cpuSeconds * 1e6) / answered,
    bytesPerResponse: report.bytes / answered,
  };
}

/**
 * Loads `target` with wrk (`executable`) for `durationSeconds` at `connections`, on
 * `BENCH_WRK_THREADS` threads (default: one per core), with the CPU the server `serverPid` and
 * wrk itself spent.
 */
export async function measureWithWrk(
  executable: string,
  target: Target,
  connections: number,
  durationSeconds: number,
  serverPid: number,
): Promise<Measurement> {
  const threads = Number(process.env.BENCH_WRK_THREADS ?? availableParallelism());
  const cpuBefore = cpuMs(serverPid);
  const { stdout } = await run(
    executable,
    wrkArguments(target, connections, durationSeconds, threads),
    {
      env: {
        ...process.env,
        WRK_METHOD: target.method ?? 'GET',
        ...(target.body !== undefined && { WRK_BODY: target.body }),
      },
    },
  );
  return wrkMeasurement(target.label, parseWrkReport(stdout), cpuMs(serverPid) - cpuBefore);
}
