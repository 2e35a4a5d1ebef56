// Preloaded into the server by a BENCH_NODE wrapper (bench/README.md, "A search's time, split"):
//   exec node --import /abs/path/bench/lib/pg-timing.mjs "$@"
// With PG_TIMING_FILE set, it times every statement the server's pg clients send, by prepared
// statement name (or the statement's first words): how long it waited for a pooled connection
// (pool.query's connect), and its round trip (sent → its answer handled on the event loop, which
// includes PostgreSQL's time and the wait for the event loop's next turn). Every
// PG_TIMING_INTERVAL_MS (default 500) it appends one JSON line of running totals:
//   { at, pid, statements: { [name]: { count, poolWaitMs, roundTripMs } } }
// A reader subtracts two lines of one pid to get a phase's figures.
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';

const file = process.env.PG_TIMING_FILE;
if (file) {
  // The server's own `pg` (external in its bundle), resolved from its main script: another
  // build's server (SERVER_MAIN) has its own node_modules.
  const pg = createRequire(process.argv[1] ?? `${process.cwd()}/`)('pg');
  const totals = new Map();
  const WAIT = Symbol('pool wait ms');
  const add = (name, poolWaitMs, roundTripMs) => {
    const entry = totals.get(name) ?? { count: 0, poolWaitMs: 0, roundTripMs: 0 };
    entry.count += 1;
    entry.poolWaitMs += poolWaitMs;
    entry.roundTripMs += roundTripMs;
    totals.set(name, entry);
  };
  const nameOf = (first) => {
    if (typeof first === 'string') return first.replace(/\s+/g, ' ').trim().slice(0, 40);
    if (first?.name) return first.name;
    return String(first?.text ?? '?')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 40);
  };

  const connect = pg.Pool.prototype.connect;
  pg.Pool.prototype.connect = function (callback) {
    const started = performance.now();
    const mark = (client) => {
      if (client) client[WAIT] = performance.now() - started;
    };
    if (typeof callback === 'function') {
      return connect.call(this, (error, client, release) => {
        mark(client);
        callback(error, client, release);
      });
    }
    return connect.call(this).then((client) => {
      mark(client);
      return client;
    });
  };

  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (...args) {
    const first = args[0];
    // Submittables (cursors, streams) are left alone.
    if (typeof first?.submit === 'function') return query.apply(this, args);
    const name = nameOf(first);
    const poolWaitMs = this[WAIT] ?? 0;
    this[WAIT] = 0;
    const started = performance.now();
    const done = () => add(name, poolWaitMs, performance.now() - started);
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last];
      args[last] = (...result) => {
        done();
        callback(...result);
      };
      return query.apply(this, args);
    }
    const answer = query.apply(this, args);
    answer?.then?.(done, done);
    return answer;
  };

  const timer = setInterval(
    () => {
      appendFileSync(
        file,
        `${JSON.stringify({ at: Date.now(), pid: process.pid, statements: Object.fromEntries(totals) })}\n`,
      );
    },
    Number(process.env.PG_TIMING_INTERVAL_MS ?? 500),
  );
  timer.unref();
}
