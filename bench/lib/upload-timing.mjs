// Preloaded into the server by a BENCH_NODE wrapper (bench/README.md, "Where an upload's time goes"):
//   exec node --import /abs/path/bench/lib/upload-timing.mjs "$@"
// With UPLOAD_TIMING_FILE set, appends one JSON line per answered upload (the bench sends one at a
// time): milliseconds from the request's arrival to its first and last body byte (and how many
// pieces Node's parser handed over), the last write into the file, each early fdatasync and the
// final fsync (start / end), the hash's digest asked / answered, the rename, each SQL statement
// (start / end; BEGIN to COMMIT is the transaction) and the answer's end.
// Bench instrumentation only: it patches `fs`, `Worker` and the `pg` the server resolves (never
// shipped), so it times main's build and this tree's alike.
import { appendFileSync } from 'node:fs';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';

const file = process.env.UPLOAD_TIMING_FILE;
const main = process.argv[1];

if (file && main) {
  const now = () => performance.now();
  /** The upload being answered; the bench sends one at a time. */
  let current;
  const at = (name) => {
    if (current) current[name] = Number((now() - current.t0).toFixed(2));
  };
  const span = (list, extra = {}) => {
    if (!current) return () => undefined;
    const timing = current;
    const entry = { ...extra, start: Number((now() - timing.t0).toFixed(2)) };
    (timing[list] ??= []).push(entry);
    return () => (entry.end = Number((now() - timing.t0).toFixed(2)));
  };

  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function timedEmit(event, req, res) {
    if (event !== 'request' || !/uploadAttachment/.test(req.url ?? ''))
      return emit.apply(this, arguments);
    const timing = { t0: now(), pieces: 0 };
    current = timing;
    const push = req.push;
    req.push = function timedPush(chunk) {
      if (current === timing) {
        if (chunk === null) at('lastBodyByte');
        else {
          if (timing.pieces === 0) at('firstBodyByte');
          timing.pieces += 1;
        }
      }
      return push.apply(this, arguments);
    };
    res.once('finish', () => {
      at('answered');
      delete timing.t0;
      appendFileSync(file, `${JSON.stringify(timing)}\n`);
      if (current === timing) current = undefined;
    });
    return emit.apply(this, arguments);
  };

  const wrapCallback = (name, list) => {
    const original = fs[name];
    fs[name] = function timed(...args) {
      const done = list ? span(list) : () => at('lastWrite');
      const callback = args.pop();
      return original.call(this, ...args, (...results) => {
        done();
        callback(...results);
      });
    };
  };
  wrapCallback('fdatasync', 'earlySyncs');
  wrapCallback('fsync', 'finalFsync');
  wrapCallback('writev');
  wrapCallback('write');
  const rename = fs.promises.rename;
  fs.promises.rename = async function timedRename(...args) {
    const done = span('rename');
    try {
      return await rename.apply(this, args);
    } finally {
      done();
    }
  };
  syncBuiltinESMExports();

  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function timedPost(message) {
    if (message?.kind === 'digest') at('digestAsked');
    return post.apply(this, arguments);
  };
  const workerEmit = Worker.prototype.emit;
  Worker.prototype.emit = function timedWorkerEmit(event, message) {
    if (event === 'message' && message?.kind === 'digest') at('digestAnswered');
    return workerEmit.apply(this, arguments);
  };

  const pg = createRequire(main)('pg');
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function timedQuery(config, values, callback) {
    const text = typeof config === 'string' ? config : config?.text;
    if (!current || typeof text !== 'string') return query.apply(this, arguments);
    const done = span('sql', { text: text.slice(0, 40) });
    const result = query.apply(this, arguments);
    if (result && typeof result.then === 'function') result.then(done, done);
    else if (typeof callback === 'function' || typeof values === 'function') {
      // Callback form: pg calls it on completion; timed through the submitted query's end event.
      const submitted = result ?? config;
      submitted?.once?.('end', done);
      submitted?.once?.('error', done);
    }
    return result;
  };
}
