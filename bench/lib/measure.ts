import autocannon from 'autocannon';
import { cpuMs } from './process-stats';

/** The load generators a run can use: autocannon in this process, wrk (C, epoll) beside it. */
export type Generator = 'autocannon' | 'wrk';

/** One measured load run. */
export type Measurement = {
  /** What was measured, e.g. `GET /api/ping`. */
  label: string;
  /** What made the load. */
  generator: Generator;
  /** Mean requests per second over the run. */
  requestsPerSecond: number;
  /** Median latency in milliseconds. */
  p50Ms: number;
  /** 99th percentile latency in milliseconds. */
  p99Ms: number;
  /** Non-2xx answers plus errors: a benchmark of failing requests measures nothing. */
  failures: number;
  /** The server process's CPU time per answered request, in microseconds. */
  cpuUsPerRequest: number;
  /**
   * The load generator's own CPU time per answered request, in microseconds: on a machine where
   * it shares the cores with the server, a generator that costs more per response than the server
   * bounds the figure (issue 34: autocannon keeps each body as a string).
   */
  generatorCpuUsPerRequest: number;
  /** Bytes read per response, headers included. */
  bytesPerResponse: number;
};

/** What to load: a URL with optional headers, and a method and body for non-GET calls. */
export type Target = {
  label: string;
  url: string;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  /** JSON text sent with `content-type: application/json`. */
  body?: string;
  /**
   * Rewrites the request path of the `n`-th request (from 0), e.g. to make every request a URL
   * the server has not answered before (issue 31: first-time page lookups).
   */
  varyPath?: (path: string, n: number) => string;
};

/**
 * Loads `target` with autocannon for `durationSeconds` at `connections` and summarises it,
 * with the CPU time the server process `serverPid` spent meanwhile and this process's own
 * (autocannon runs in it).
 */
export async function measure(
  target: Target,
  connections: number,
  durationSeconds: number,
  serverPid: number,
): Promise<Measurement> {
  const cpuBefore = cpuMs(serverPid);
  const ownCpuBefore = process.cpuUsage();
  const result = await autocannon({
    url: target.url,
    connections,
    duration: durationSeconds,
    method: target.method ?? 'GET',
    headers: {
      ...(target.body !== undefined && { 'content-type': 'application/json' }),
      ...target.headers,
    },
    ...(target.body !== undefined && { body: target.body }),
    ...(target.varyPath && { requests: [{ setupRequest: varying(target.varyPath) }] }),
  });
  const ownCpu = process.cpuUsage(ownCpuBefore);
  const answered = Math.max(1, result.requests.total);
  return {
    label: target.label,
    generator: 'autocannon',
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    cpuUsPerRequest: ((cpuMs(serverPid) - cpuBefore) * 1000) / answered,
    generatorCpuUsPerRequest: (ownCpu.user + ownCpu.system) / answered,
    bytesPerResponse: result.throughput.total / answered,
  };
}

/** An autocannon `setupRequest` giving each request its own path through `varyPath`. */
function varying(varyPath: (path: string, n: number) => string) {
  let n = 0;
  return (request: autocannon.Request) => ({
    ...request,
    path: varyPath(request.path ?? '/', n++),
  });
}

/** The Markdown table header matching {@link formatRow}. */
export const TABLE_HEADER = [
  '| what | generator | req/s | ratio to baseline | p50 ms | p99 ms | failures | server CPU µs/req | CPU ratio | generator CPU µs/req | bytes/resp |',
  '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
];

/**
 * Formats a measurement and its ratios to the baseline as a Markdown table row. The CPU ratio is
 * baseline CPU per request over this call's: the share of the baseline's throughput the server
 * could reach on its own cores, whatever else the machine is running.
 */
export function formatRow(measurement: Measurement, baseline: Measurement): string {
  const ratio = measurement.requestsPerSecond / baseline.requestsPerSecond;
  const cpuRatio = baseline.cpuUsPerRequest / measurement.cpuUsPerRequest;
  return `| ${measurement.label} | ${measurement.generator} | ${measurement.requestsPerSecond.toFixed(0)} | ${ratio.toFixed(2)} | ${round2(measurement.p50Ms)} | ${round2(measurement.p99Ms)} | ${measurement.failures} | ${measurement.cpuUsPerRequest.toFixed(0)} | ${cpuRatio.toFixed(2)} | ${measurement.generatorCpuUsPerRequest.toFixed(0)} | ${measurement.bytesPerResponse.toFixed(0)} |`;
}

/** A latency as autocannon prints it (whole ms) or wrk's microseconds to two decimals. */
function round2(ms: number): number {
  return Math.round(ms * 100) / 100;
}
