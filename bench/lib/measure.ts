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

/** What to load: a URL with optional headers. */
export type Target = { label: string; url: string; headers?: Record<string, string> };

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
    headers: target.headers ?? {},
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
