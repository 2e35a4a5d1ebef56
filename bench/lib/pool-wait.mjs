// Preloaded into the server by a BENCH_NODE wrapper (bench/README.md, "Pool wait"):
//   exec node --import /abs/path/bench/lib/pool-wait.mjs "$@"
// Times, in the server process, how long each checkout of a pg pool waits for a connection and
// how long the statement then takes (round trip plus the event loop's wait for its answer), by
// pool (its `max`) and by class of call. Every POOL_WAIT_INTERVAL_MS (default 5000) it appends
// one JSON line per class to POOL_WAIT_FILE and starts again. Classes: `transaction` (a checkout
// held for several statements: drizzle's transactions — the writes), else the statement's
// prepared name or its first words (a lookup's prepared reads, a search's statements).
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';

const file = process.env.POOL_WAIT_FILE;
if (file) {
  // The server's own pg (its build's node_modules), not this script's.
  const pg = createRequire(process.argv[1] ?? import.meta.url)('pg');
  const proto = pg.Pool.prototype;
  const connect = proto.connect;
  const query = proto.query;
  /** @type {Map<string, { waits: number[], runs: number[] }>} */
  const classes = new Map();
  let pendingLabel;
  const record = (key, kind, ms) => {
    let entry = classes.get(key);
    if (!entry) {
      entry = { waits: [], runs: [] };
      classes.set(key, entry);
    }
    entry[kind].push(ms);
  };
  const labelOf = (text) => {
    if (text && typeof text === 'object') {
      if (text.name) return `prepared ${text.name}`;
      return labelOf(text.text);
    }
    return String(text).replace(/\s+/g, ' ').trim().slice(0, 48);
  };
  proto.connect = function timedConnect(cb) {
    const label = pendingLabel ?? 'transaction';
    pendingLabel = undefined;
    const key = `pool ${this.options.max} | ${label}`;
    const started = performance.now();
    const done = () => record(key, 'waits', performance.now() - started);
    if (typeof cb === 'function') {
      return connect.call(this, (error, client, release) => {
        done();
        cb(error, client, release);
      });
    }
    return connect.call(this).then((client) => {
      done();
      return client;
    });
  };
  proto.query = function timedQuery(text, values, cb) {
    // Pool.query checks a client out synchronously through this.connect: that checkout is ours.
    const label = labelOf(text);
    pendingLabel = label;
    const started = performance.now();
    const key = `pool ${this.options.max} | ${label}`;
    const result = query.call(this, text, values, cb);
    pendingLabel = undefined;
    if (result && typeof result.then === 'function') {
      result.then(
        () => record(key, 'runs', performance.now() - started),
        () => undefined,
      );
    }
    return result;
  };
  const percentile = (sorted, p) =>
    sorted.length === 0
      ? 0
      : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
  const summary = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const sum = sorted.reduce((total, value) => total + value, 0);
    return {
      count: sorted.length,
      meanMs: Number((sum / Math.max(sorted.length, 1)).toFixed(2)),
      p50Ms: Number(percentile(sorted, 50).toFixed(2)),
      p99Ms: Number(percentile(sorted, 99).toFixed(2)),
      maxMs: Number((sorted.at(-1) ?? 0).toFixed(2)),
    };
  };
  const timer = setInterval(
    () => {
      const at = new Date().toISOString();
      for (const [key, { waits, runs }] of classes) {
        appendFileSync(
          file,
          `${JSON.stringify({ at, pid: process.pid, key, wait: summary(waits), total: summary(runs) })}\n`,
        );
      }
      classes.clear();
    },
    Number(process.env.POOL_WAIT_INTERVAL_MS ?? 5000),
  );
  timer.unref();
}
