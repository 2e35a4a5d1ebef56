import type autocannon from 'autocannon';
import { interleave, percentile, type PacedClass, type PacedRequest } from '../lib/paced-writes';
import type { Mix } from './mixed-load';

/** One call's figures in a round of the mixed load, whichever generator loaded it. */
export type CallFigures = {
  requests: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  failures: number;
};

/** An autocannon result as a round's figures. */
export function figuresOfAutocannon(result: autocannon.Result): CallFigures {
  return {
    requests: result.requests.total,
    perSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/**
 * A paced class as a round's figures over `seconds`: its latencies are from each request's
 * scheduled instant (lib/paced-writes.ts), so p99 includes any wait for the generator itself.
 */
export function figuresOfPaced(paced: PacedClass | undefined, seconds: number): CallFigures {
  const latencies = paced?.latenciesMs ?? [];
  return {
    requests: latencies.length,
    perSecond: latencies.length / seconds,
    p50Ms: Math.round(percentile(latencies, 50)),
    p99Ms: Math.round(percentile(latencies, 99)),
    failures: paced?.failures ?? 0,
  };
}

/**
 * The requests of `seconds` of `writes` at `rate` per second between them, interleaved in their
 * connections' proportions (30 creates to 20 notes) and shaped by each mix's own `next()`.
 */
export function pacedWriteRequests(writes: Mix[], rate: number, seconds: number): PacedRequest[] {
  const order = interleave(
    writes.map((mix) => mix.connections),
    Math.round(rate * seconds),
  );
  return order.map((index) => {
    const mix = writes[index] as Mix;
    const { path, body } = mix.next();
    return { label: mix.label, path, body: JSON.stringify(body ?? {}) };
  });
}
