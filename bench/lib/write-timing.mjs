// Preloaded into the server by a BENCH_NODE wrapper (bench/README.md, "Where a write's time goes"):
//   exec node --import /abs/path/bench/lib/write-timing.mjs "$@"
// With WRITE_TIMING_FILE set, every WRITE_TIMING_INTERVAL_MS (default 5000) it appends one JSON
// line per timed route (WRITE_TIMING_ROUTES, a regular expression on the URL, default the mixed
// load's create and note) — cumulative over the process's life, so a server's last line is its
// whole run (bench restarts the server per round) — splitting each answered request's time on the server into: the work
// before its first database call, the wait for a pooled connection, each statement's round trip
// (sent → its result handled by JavaScript: PostgreSQL's work, the sockets, and the wait for the
// event loop to read the result), the time between a result and the next statement, and the time
// from the last result to the answer's last byte handed to the socket. It also samples the event
// loop's delay over the last interval (how long a ready callback — a result that arrived — waits for the one thread).
// Bench instrumentation only: it patches the `pg` the server resolves (never shipped, never on in
// production), so it measures main's build and this tree's alike.
import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { appendFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

const file = process.env.WRITE_TIMING_FILE;
const routes = new RegExp(process.env.WRITE_TIMING_ROUTES ?? 'createItem|addItemNote');
const main = process.argv[1];

if (file && main) {
  const pg = createRequire(main)('pg');
  const als = new AsyncLocalStorage();
  const now = () => performance.now();
  /** @type {Map<string, object[]>} answered requests per route since the process started */
  const done = new Map();
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  loopDelay.enable();

  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function timedEmit(event, req, res) {
    if (event !== 'request' || !routes.test(req.url ?? '')) return emit.apply(this, arguments);
    const route = (req.url ?? '').replace(/\?.*/, '').replace(/\/\d+$/, '/:id');
    const timing = { route, start: now(), events: [] };
    res.once('finish', () => {
      timing.finish = now();
      timing.status = res.statusCode;
      const list = done.get(route) ?? [];
      list.push(timing);
      done.set(route, list);
    });
    return als.run(timing, () => emit.apply(this, arguments));
  };

  const connect = pg.Pool.prototype.connect;
  pg.Pool.prototype.connect = function timedConnect(callback) {
    const timing = als.getStore();
    if (!timing) return connect.call(this, callback);
    const event = { kind: 'pool', pool: this.options.max, start: now() };
    timing.events.push(event);
    // pg-pool calls a queued caller back from the release of another request's connection:
    // bound, so pool.query's statement is counted for the request that asked.
    if (callback)
      return connect.call(
        this,
        AsyncResource.bind((error, client, release) => {
          event.end = now();
          callback(error, client, release);
        }),
      );
    return connect.call(this).then((client) => {
      event.end = now();
      return client;
    });
  };

  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function timedQuery(config) {
    const timing = als.getStore();
    const text = typeof config === 'string' ? config : config?.text;
    if (!timing || typeof text !== 'string') return query.apply(this, arguments);
    const event = {
      kind: 'statement',
      text: text.replace(/\s+/g, ' ').trim().split(' ').slice(0, 3).join(' '),
      start: now(),
      queued: this.queryQueue?.length ?? 0,
    };
    timing.events.push(event);
    // pg-pool's query() passes a callback (and gets no promise): its end is the callback's call.
    const args = [...arguments];
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last];
      args[last] = function timedCallback() {
        event.end = now();
        return callback.apply(this, arguments);
      };
      return query.apply(this, args);
    }
    const result = query.apply(this, args);
    if (result && typeof result.then === 'function')
      result.then(
        () => (event.end = now()),
        () => (event.end = now()),
      );
    return result;
  };

  const summarize = (list) => {
    const parts = {
      total: [],
      beforeFirstCall: [],
      poolWait: [],
      statements: [],
      roundTrips: [],
      betweenStatements: [],
      afterLastResult: [],
    };
    const perStatement = new Map();
    for (const t of list) {
      const events = t.events.filter((e) => e.end !== undefined).sort((a, b) => a.start - b.start);
      if (events.length === 0) continue;
      parts.total.push(t.finish - t.start);
      parts.beforeFirstCall.push(events[0].start - t.start);
      let pool = 0;
      let trips = 0;
      let count = 0;
      for (const e of events) {
        if (e.kind === 'pool') pool += e.end - e.start;
        else {
          trips += e.end - e.start;
          count += 1;
          const s = perStatement.get(e.text) ?? [];
          s.push(e.end - e.start);
          perStatement.set(e.text, s);
        }
      }
      // Time on the server between one database step's end and the next step's start.
      let between = 0;
      for (let i = 1; i < events.length; i += 1)
        between += Math.max(0, events[i].start - events[i - 1].end);
      parts.poolWait.push(pool);
      parts.statements.push(count);
      parts.roundTrips.push(trips);
      parts.betweenStatements.push(between);
      parts.afterLastResult.push(t.finish - Math.max(...events.map((e) => e.end)));
    }
    const stats = (values) => {
      const sorted = [...values].sort((a, b) => a - b);
      const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
      const mean = sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length);
      return { mean: +mean.toFixed(2), p50: +at(0.5).toFixed(2), p99: +at(0.99).toFixed(2) };
    };
    return {
      answered: parts.total.length,
      ...Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, stats(v)])),
      perStatement: Object.fromEntries(
        [...perStatement].map(([text, v]) => [text, { n: v.length, ...stats(v) }]),
      ),
    };
  };

  const timer = setInterval(
    () => {
      const loop = {
        p50Ms: +(loopDelay.percentile(50) / 1e6).toFixed(2),
        meanMs: +(loopDelay.mean / 1e6).toFixed(2),
        p99Ms: +(loopDelay.percentile(99) / 1e6).toFixed(2),
      };
      loopDelay.reset();
      for (const [route, list] of done) {
        if (list.length === 0) continue;
        appendFileSync(
          file,
          `${JSON.stringify({ at: new Date().toISOString(), pid: process.pid, route, loop, ...summarize(list) })}\n`,
        );
      }
    },
    Number(process.env.WRITE_TIMING_INTERVAL_MS ?? 5000),
  );
  timer.unref();
}
