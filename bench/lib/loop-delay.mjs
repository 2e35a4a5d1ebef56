// Preloaded into the server by a BENCH_NODE wrapper (bench/README.md, "Event-loop delay"):
//   exec node --import /abs/path/bench/lib/loop-delay.mjs "$@"
// Every LOOP_DELAY_INTERVAL_MS (default 5000) it appends one JSON line to LOOP_DELAY_FILE with
// the event loop's delay (p50, p99, max in ms, 10 ms resolution of monitorEventLoopDelay's
// default 10 ms sampling) and its utilization over the interval: how long a request that is
// ready waits for the one thread, whatever it waits behind.
import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

const file = process.env.LOOP_DELAY_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let last = performance.eventLoopUtilization();
  const timer = setInterval(
    () => {
      const now = performance.eventLoopUtilization();
      const used = performance.eventLoopUtilization(now, last);
      last = now;
      appendFileSync(
        file,
        `${JSON.stringify({
          at: new Date().toISOString(),
          pid: process.pid,
          p50Ms: histogram.percentile(50) / 1e6,
          p99Ms: histogram.percentile(99) / 1e6,
          maxMs: histogram.max / 1e6,
          utilization: Number(used.utilization.toFixed(3)),
        })}\n`,
      );
      histogram.reset();
    },
    Number(process.env.LOOP_DELAY_INTERVAL_MS ?? 5000),
  );
  timer.unref();
}
