import autocannon from 'autocannon';
import { cpuMs } from './process-stats';

/** One measured load run. */
export type Measurement = {
  /** What was measured, e.g. `GET /api/ping`. */
  label: string;
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
 * with the CPU time the server process `serverPid` spent meanwhile.
 */
export async function measure(
  target: Target,
  connections: number,
  durationSeconds: number,
  serverPid: number,
): Promise<Measurement> {
  const cpuBefore = cpuMs(serverPid);
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
  return {
    label: target.label,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    cpuUsPerRequest: ((cpuMs(serverPid) - cpuBefore) * 1000) / Math.max(1, result.requests.total),
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
  '| what | req/s | ratio to baseline | p50 ms | p99 ms | failures | server CPU µs/req | CPU ratio |',
  '|---|---:|---:|---:|---:|---:|---:|---:|',
];

/**
 * Formats a measurement and its ratios to the baseline as a Markdown table row. The CPU ratio is
 * baseline CPU per request over this call's: the share of the baseline's throughput the server
 * could reach on its own cores, whatever else the machine is running.
 */
export function formatRow(measurement: Measurement, baseline: Measurement): string {
  const ratio = measurement.requestsPerSecond / baseline.requestsPerSecond;
  const cpuRatio = baseline.cpuUsPerRequest / measurement.cpuUsPerRequest;
  return `| ${measurement.label} | ${measurement.requestsPerSecond.toFixed(0)} | ${ratio.toFixed(2)} | ${measurement.p50Ms} | ${measurement.p99Ms} | ${measurement.failures} | ${measurement.cpuUsPerRequest.toFixed(0)} | ${cpuRatio.toFixed(2)} |`;
}
