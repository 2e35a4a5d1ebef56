import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';

/** What a page trace records: the renderer's tasks, script and style work, loads and V8 samples. */
const FULL_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
  'blink.user_timing',
  'loading',
  'toplevel',
];

/**
 * `BENCH_TRACE_LIGHT=1`: V8 samples, user timing and top-level tasks only. The full timeline
 * instruments every DOM call (one `addEventListener` showed 19 ms traced that the untraced
 * openings do not spend), so the light trace is the one to read for where script time goes.
 */
const LIGHT_CATEGORIES = ['disabled-by-default-v8.cpu_profiler', 'blink.user_timing', 'toplevel'];

const CATEGORIES = (process.env.BENCH_TRACE_LIGHT ? LIGHT_CATEGORIES : FULL_CATEGORIES).join(',');

type TraceEvent = { name: string; ph: string; dur?: number; pid: number; tid: number };

/**
 * Records a Chrome trace of `page` (open it in DevTools' Performance panel) from now until
 * `stop` is called, which writes it to `dir/name.json` and answers the renderer's busiest work
 * (total ms per trace event name on the page's main thread) for a quick breakdown in the log.
 */
export async function startPageTrace(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) =>
    events.push(...(value as unknown as TraceEvent[])),
  );
  await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
  return {
    stop: async (dir: string, name: string): Promise<string> => {
      const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Tracing.end');
      await done;
      await cdp.detach();
      writeFileSync(join(dir, `${name}.json`), JSON.stringify({ traceEvents: events }));
      return summarizeTrace(events);
    },
  };
}

/** Total ms per event name on the busiest renderer main thread, largest first. */
function summarizeTrace(events: TraceEvent[]): string {
  const mainThreads = new Set(
    events
      .filter((event) => event.name === 'thread_name')
      .filter((event) => (event as { args?: { name?: string } }).args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const busy = new Map<string, Map<string, number>>();
  for (const event of events) {
    const thread = `${event.pid}:${event.tid}`;
    if (event.ph !== 'X' || !event.dur || !mainThreads.has(thread)) continue;
    const totals = busy.get(thread) ?? new Map<string, number>();
    totals.set(event.name, (totals.get(event.name) ?? 0) + event.dur / 1000);
    busy.set(thread, totals);
  }
  const [totals] = [...busy.values()].sort(
    (a, b) => (b.get('RunTask') ?? 0) - (a.get('RunTask') ?? 0),
  );
  return [...(totals ?? new Map<string, number>())]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25)
    .map(([name, ms]) => `${ms.toFixed(1).padStart(8)} ms  ${name}`)
    .join('\n');
}
