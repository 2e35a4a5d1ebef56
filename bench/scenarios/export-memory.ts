import { rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadAverage, peakRssMb, resetPeakRss, rssMb } from '../lib/process-stats';
import { seedLargeOrganization } from './page-items';
import type { PreparedScenario, Scenario } from './types';

// Issue 28: "Export of 100,000 items: server memory growth ≤ 50 MB". The export's bytes are
// also written as a file of the built portal, so the baseline is the same bytes as a static
// download from the same server (@fastify/static, a read stream).
const PORTAL_ASSETS = resolve(import.meta.dirname, '../../apps/portal/dist/assets');
const ROUNDS = Number(process.env.BENCH_EXPORT_ROUNDS ?? 2);
/** Only the downloads whose label contains one of these (comma-separated), e.g. `static,JSON`. */
const ONLY = (process.env.BENCH_EXPORT_ONLY ?? '').split(',').filter(Boolean);
/** The slow reader's pace: a client on a slow link, so the server must wait, not buffer. */
const SLOW_BYTES_PER_SECOND = 8 * 1024 * 1024;
const GOAL_MB = 50;

let token = '';
let projectId = 0;

type Download = { label: string; fetchIt: (serverUrl: string) => Promise<Response> };
type Figure = { beforeMb: number; peakMb: number; bytes: number; ms: number };

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

function exportOf(format: 'csv' | 'json' | 'markdown'): Download['fetchIt'] {
  return (serverUrl) =>
    fetch(`${serverUrl}/api/workspace/exportItems`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ projectId, filter: {}, format }),
    });
}

/** Reads a whole answer, at most `bytesPerSecond` when given; answers its bytes. */
async function consume(response: Response, bytesPerSecond?: number): Promise<Uint8Array[]> {
  if (!response.ok || !response.body) throw new Error(`download: ${response.status}`);
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  const started = performance.now();
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  for (;;) {
    const { done, value: chunk } = await reader.read();
    if (done) break;
    chunks.push(chunk);
    bytes += chunk.byteLength;
    if (bytesPerSecond) {
      const due = (1000 * bytes) / bytesPerSecond - (performance.now() - started);
      if (due > 0) await sleep(due);
    }
  }
  return chunks;
}

/**
 * Downloads once while the server's memory is watched: its RSS just before, and the kernel's
 * high-water mark (reset first) during the download, also sampled every 20 ms.
 */
async function watchDownload(
  pid: number,
  run: () => Promise<Uint8Array[]>,
): Promise<Figure & { chunks: Uint8Array[] }> {
  await sleep(500);
  const beforeMb = rssMb(pid);
  resetPeakRss(pid);
  let sampledMb = beforeMb;
  const sampler = setInterval(() => (sampledMb = Math.max(sampledMb, rssMb(pid))), 20);
  const started = performance.now();
  try {
    const chunks = await run();
    const ms = performance.now() - started;
    const bytes = chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0);
    return { beforeMb, peakMb: Math.max(peakRssMb(pid), sampledMb), bytes, ms, chunks };
  } finally {
    clearInterval(sampler);
  }
}

/** Issue 28: the server's memory while a 100,000-item project is exported, against idle and a static file. */
export const exportMemoryScenario: Scenario = {
  name: 'export-memory',
  description:
    'Workspace export (issue 28) of a 100,000-item project as CSV, JSON and Markdown, streamed: the server process’s memory growth (peak RSS during the download − RSS just before), against the same server idle for as long and the same CSV bytes as a static file download, in the same run.',
  prepare: async (serverUrl, context) => {
    token = await context.signToken({ subject: 'bench-owner', email: 'owner@bench.test' });
    ({ projectId } = await seedLargeOrganization(serverUrl, context, token));
    const unused = { label: 'unused', url: serverUrl };
    return { baseline: unused, targets: [] } satisfies PreparedScenario;
  },
  run: async (prepared, context) => {
    const serverUrl = prepared.baseline.url;
    const pid = context.serverPid;
    const startMb = rssMb(pid);
    // The first export warms the JIT, the pool and the caches; its bytes become the static file.
    const first = await watchDownload(pid, async () => consume(await exportOf('csv')(serverUrl)));
    const staticName = `bench-export-${process.pid}.csv`;
    const staticPath = resolve(PORTAL_ASSETS, staticName);
    writeFileSync(staticPath, Buffer.concat(first.chunks));
    const allDownloads: (Download & { slow?: boolean })[] = [
      {
        label: 'static file, same CSV bytes (baseline)',
        fetchIt: (url) =>
          fetch(`${url}/client/assets/${staticName}`, {
            headers: { 'accept-encoding': 'identity' },
          }),
      },
      { label: 'export CSV', fetchIt: exportOf('csv') },
      { label: 'export JSON', fetchIt: exportOf('json') },
      { label: 'export Markdown', fetchIt: exportOf('markdown') },
      {
        label: `export CSV, slow reader (${SLOW_BYTES_PER_SECOND / 1024 / 1024} MB/s)`,
        fetchIt: exportOf('csv'),
        slow: true,
      },
    ];
    const downloads = allDownloads.filter(
      ({ label }) => ONLY.length === 0 || ONLY.some((part) => label.includes(part)),
    );
    const rows: string[] = [];
    try {
      for (let round = 1; round <= ROUNDS; round += 1) {
        const idleMs = Math.max(2_000, first.ms);
        const idle = await watchDownload(pid, async () => {
          await sleep(idleMs);
          return [];
        });
        rows.push(
          row(`round ${round}: server idle for ${(idleMs / 1000).toFixed(1)} s (baseline)`, idle),
        );
        for (const download of downloads) {
          const figure = await watchDownload(pid, async () =>
            consume(
              await download.fetchIt(serverUrl),
              download.slow ? SLOW_BYTES_PER_SECOND : undefined,
            ),
          );
          rows.push(row(`round ${round}: ${download.label}`, figure));
        }
      }
    } finally {
      rmSync(staticPath, { force: true });
    }
    return [
      `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · load average ${loadAverage()} · ${ROUNDS} rounds · goal: growth ≤ ${GOAL_MB} MB.`,
      '',
      '| what | MB | s | RSS before MB | peak RSS MB | growth MB |',
      '|---|---:|---:|---:|---:|---:|',
      row('first export (CSV, cold: JIT, pool, caches)', first),
      ...rows,
      '',
      `Server RSS when the scenario started: ${startMb.toFixed(0)} MB. Peak = the kernel's high-water mark (\`VmHWM\`, reset through \`/proc/<pid>/clear_refs\` before each download) and 20 ms samples of \`VmRSS\`; growth = peak − RSS just before. The export reads 250 items per query (keyset on the id) and writes each batch (CSV, Markdown) or each item (JSON) as one piece of the response stream, which waits for the socket (\`Readable.from\` of an async generator piped to the response). The static file is the first export's bytes, written into the built portal's assets and served by @fastify/static.`,
    ];
  },
};

function row(label: string, figure: Figure): string {
  return `| ${label} | ${(figure.bytes / 1024 / 1024).toFixed(1)} | ${(figure.ms / 1000).toFixed(1)} | ${figure.beforeMb.toFixed(0)} | ${figure.peakMb.toFixed(0)} | ${(figure.peakMb - figure.beforeMb).toFixed(1)} |`;
}
