import autocannon from 'autocannon';

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
};

/** What to load: a URL with optional headers, and a method and body for non-GET calls. */
export type Target = {
  label: string;
  url: string;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  /** JSON text sent with `content-type: application/json`. */
  body?: string;
};

/** Loads `target` with autocannon for `durationSeconds` at `connections` and summarises it. */
export async function measure(
  target: Target,
  connections: number,
  durationSeconds: number,
): Promise<Measurement> {
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
  });
  return {
    label: target.label,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/** Formats a measurement and its ratio to the baseline as a Markdown table row. */
export function formatRow(measurement: Measurement, baseline: Measurement): string {
  const ratio = measurement.requestsPerSecond / baseline.requestsPerSecond;
  return `| ${measurement.label} | ${measurement.requestsPerSecond.toFixed(0)} | ${ratio.toFixed(2)} | ${measurement.p50Ms} | ${measurement.p99Ms} | ${measurement.failures} |`;
}
