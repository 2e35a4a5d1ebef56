// Attachment throughput and memory (issues 14, 34): a 20 MB file uploaded and downloaded through
// the built server on loopback, against writing the same bytes to disk in the same run; the
// server's and the client's CPU per transfer; then the server's resident memory while 10 uploads
// of it run at once. Usage: npm run bench:attachments.
// BENCH_AB='SERVER_MAIN=/tmp/base/apps/server/dist/main.js;' alternates builds (an empty variant
// is this build) in BENCH_AB_ROUNDS rounds (default 3), each round with its own disk baseline.
// The download's client is a socket reading into one reused buffer (bench/lib/socket-download.ts);
// BENCH_ATTACHMENTS_CLIENT=http uses node:http for it (the client of 0074), =fetch uses fetch for
// both directions (the client before 0074). A variant's NODE_FLAGS=--v8-flag runs its server with
// V8 flags. BENCH_GC=1 starts each server with --trace-gc and
// reports the collections' pause time per transfer (bench/lib/gc-trace.ts).
// BENCH_ATTACHMENTS_MEMORY=1 runs the memory batches in an A/B run too, per round and build.
import { randomBytes } from 'node:crypto';
import { mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startTestIssuer } from '../apps/server/test/support/auth-test-issuer';
import { multipartFile } from '../apps/server/test/support/multipart';
import { startServer } from '../scripts/lib/start-server.mjs';
import { closeConnections, exchange } from './lib/http-transfer';
import { createGcTrace, type GcTotals } from './lib/gc-trace';
import { cpuMs, loadAverage } from './lib/process-stats';
import { socketDownload } from './lib/socket-download';
import { writeSection } from './lib/report';
import { BENCH_SERVER_ENV } from './lib/server-env';

const SIZE = 20 * 1024 * 1024;
const ROUNDS = Number(process.env.BENCH_ATTACHMENTS_ROUNDS ?? 5);
const CONCURRENT = 10;
const REPORT = resolve(import.meta.dirname, '../docs/benchmarks.md');
const useFetch = process.env.BENCH_ATTACHMENTS_CLIENT === 'fetch';
const useHttp = process.env.BENCH_ATTACHMENTS_CLIENT === 'http';
const traceGc = process.env.BENCH_GC === '1';
const clientName = useFetch
  ? '`fetch`'
  : useHttp
    ? '`node:http`'
    : 'a socket reading into one reused buffer (uploads: `node:http`)';

const variants = (process.env.BENCH_AB ?? '')
  .split(';')
  .map((variant) => variant.trim())
  .map((variant) => ({
    name: variant || 'this build',
    env: Object.fromEntries(
      variant
        .split(',')
        .filter(Boolean)
        // At the first '=' only: a value may hold one (NODE_OPTIONS=--flag=1).
        .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
    ),
  }));
const abRounds = process.env.BENCH_AB ? Number(process.env.BENCH_AB_ROUNDS ?? 3) : 1;

const issuer = await startTestIssuer('https://waymark.bench/api');
const token = await issuer.sign({ expiresInSeconds: 3600 });
const auth = { authorization: `Bearer ${token}` };
const scratch = await mkdtemp(join(tmpdir(), 'waymark-bench-disk-'));
const bytes = randomBytes(SIZE);
const body = multipartFile(bytes, { fileName: 'bench.bin' });

/**
 * One transfer direction's figures: median MB/s, CPU per transfer of server and client, and with
 * `BENCH_GC=1` the server's collections per transfer.
 */
type Transfer = { rate: number; serverMs: number; clientMs: number; gc?: GcTotals };

/** The median MB/s of `run` over `ROUNDS` runs, and the CPU each process spent per run. */
async function transfer(
  serverPid: number,
  gc: ReturnType<typeof createGcTrace>,
  run: () => Promise<void>,
): Promise<Transfer> {
  const rates: number[] = [];
  gc.reset();
  const serverBefore = cpuMs(serverPid);
  const clientBefore = process.cpuUsage();
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = performance.now();
    await run();
    rates.push(SIZE / 1024 / 1024 / ((performance.now() - started) / 1000));
  }
  const client = process.cpuUsage(clientBefore);
  // The last collections' lines reach the pipe a moment after the transfer's end.
  if (traceGc) await new Promise((resolve) => setTimeout(resolve, 200));
  return {
    rate: rates.sort((a, b) => a - b)[Math.floor(ROUNDS / 2)] ?? 0,
    serverMs: (cpuMs(serverPid) - serverBefore) / ROUNDS,
    clientMs: (client.user + client.system) / 1000 / ROUNDS,
    ...(traceGc && { gc: gc.totals(ROUNDS) }),
  };
}

/**
 * A script running `node` (or `wrapped`) with V8 `flags` — most V8 flags are refused in
 * NODE_OPTIONS. A variant's `NODE_FLAGS=--flag --other` compares flags in one run.
 */
async function nodeWith(flags: string, wrapped?: string): Promise<string | undefined> {
  if (!flags) return wrapped;
  const script = join(scratch, `node-${randomBytes(4).toString('hex')}.sh`);
  await writeFile(script, `#!/bin/sh\nexec ${wrapped ?? process.execPath} ${flags} "$@"\n`, {
    mode: 0o755,
  });
  return script;
}

/** Write + fsync of the same bytes: the baseline, measured in the same round. */
async function diskRate(): Promise<number> {
  const rates: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = performance.now();
    const handle = await open(join(scratch, 'copy.bin'), 'w');
    await handle.writeFile(bytes);
    await handle.sync();
    await handle.close();
    rates.push(SIZE / 1024 / 1024 / ((performance.now() - started) / 1000));
  }
  return rates.sort((a, b) => a - b)[Math.floor(ROUNDS / 2)] ?? 0;
}

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** A client of one started server: JSON calls, the upload and the download. */
function clientOf(url: string) {
  const call = async <T>(path: string, payload?: unknown): Promise<T> => {
    const answer = await exchange(url + path, {
      method: payload === undefined ? 'GET' : 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      ...(payload !== undefined && { body: Buffer.from(JSON.stringify(payload)) }),
    });
    if (answer.status >= 300) throw new Error(`${path}: ${answer.status}`);
    return answer.json as T;
  };
  const upload = async (itemId: number): Promise<number> => {
    const path = `${url}/api/item/uploadAttachment/${itemId}`;
    if (useFetch) {
      const response = await fetch(path, {
        method: 'POST',
        headers: { ...body.headers, ...auth },
        body: body.payload,
      });
      if (!response.ok) throw new Error(`upload: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { attachmentId: number }).attachmentId;
    }
    const answer = await exchange(path, {
      method: 'POST',
      headers: { ...body.headers, ...auth },
      body: body.payload,
    });
    if (answer.status !== 200) throw new Error(`upload: ${answer.status}`);
    return (answer.json as { attachmentId: number }).attachmentId;
  };
  const download = async (itemId: number, attachmentId: number): Promise<void> => {
    const path = `${url}/api/item/downloadAttachment/${itemId}/${attachmentId}`;
    let received: number;
    if (useFetch) {
      const response = await fetch(path, { headers: auth });
      received = Buffer.from(await response.arrayBuffer()).length;
    } else if (useHttp) received = (await exchange(path, { method: 'GET', headers: auth })).bytes;
    else received = (await socketDownload(path, auth)).bytes;
    if (received !== SIZE) throw new Error(`download: ${received} bytes`);
  };
  return { call, upload, download };
}

/** An organization, project and item to attach to. */
async function seedItem(call: ReturnType<typeof clientOf>['call']): Promise<number> {
  await call('/api/account/createOrgExistingUser', { orgName: 'Bench' });
  const [org] = await call<{ orgId: number }[]>('/api/account/getOrgs');
  const orgId = org?.orgId ?? 0;
  const { projectId } = await call<{ projectId: number }>('/api/project/createProject', {
    orgId,
    projectName: 'Bench',
    baseUrl: 'https://bench.example.test',
  });
  const [type] = await call<{ itemTypeId: number }[]>(`/api/item/getItemTypeOptions/${orgId}`);
  const [status] = await call<{ itemStatusId: number }[]>(`/api/item/getStatusOptions/${orgId}`);
  const { itemId } = await call<{ itemId: number }>('/api/item/createItem', {
    projectId,
    itemTypeId: type?.itemTypeId,
    itemStatusId: status?.itemStatusId,
    relativePath: '/bench',
    title: 'Bench item',
  });
  return itemId;
}

/** The 10-concurrent-uploads memory batches, twice: RSS before and peak per batch, and after. */
async function memoryBatches(pid: number, upload: () => Promise<unknown>) {
  const batches: { before: number; peak: number }[] = [];
  for (let batch = 0; batch < 2; batch += 1) {
    const before = await rssMb(pid);
    let peak = before;
    const sampler = setInterval(() => {
      void rssMb(pid).then((mb) => (peak = Math.max(peak, mb)));
    }, 25);
    await Promise.all(Array.from({ length: CONCURRENT }, upload));
    clearInterval(sampler);
    batches.push({ before, peak });
  }
  return { batches, after: await rssMb(pid) };
}

type Row = {
  round: number;
  variant: string;
  load: string;
  disk: number;
  up: Transfer;
  down: Transfer;
};
const rows: Row[] = [];
// Per round and build; in an A/B run only with BENCH_ATTACHMENTS_MEMORY=1.
const memories: { label: string; memory: Awaited<ReturnType<typeof memoryBatches>> }[] = [];
const measureMemory = !process.env.BENCH_AB || process.env.BENCH_ATTACHMENTS_MEMORY === '1';
try {
  for (let round = 1; round <= abRounds; round += 1) {
    for (const variant of variants) {
      const { SERVER_MAIN: mainPath, NODE_FLAGS: flags = '', ...env } = variant.env;
      const gc = createGcTrace();
      // BENCH_NODE runs the server through a wrapper, e.g. one adding --cpu-prof (bench/README.md).
      const nodePath = await nodeWith(
        `${traceGc ? '--trace-gc ' : ''}${flags}`.trim(),
        process.env.BENCH_NODE,
      );
      const server = await startServer({
        env: {
          OIDC_ISSUER: issuer.url,
          OIDC_AUDIENCE: issuer.audience,
          ...BENCH_SERVER_ENV,
          ...env,
        },
        ...(traceGc && { log: gc.read }),
        ...(mainPath && { mainPath }),
        ...(nodePath && { nodePath }),
      });
      try {
        const pid = server.pid ?? 0;
        const client = clientOf(server.url);
        const itemId = await seedItem(client.call);
        const load = loadAverage();
        const disk = await diskRate();
        const up = await transfer(pid, gc, async () => void (await client.upload(itemId)));
        const attachmentId = await client.upload(itemId);
        const down = await transfer(pid, gc, () => client.download(itemId, attachmentId));
        rows.push({ round, variant: variant.name, load, disk, up, down });
        console.log(JSON.stringify(rows.at(-1)));
        if (measureMemory)
          memories.push({
            label: process.env.BENCH_AB ? `round ${round}, \`${variant.name}\`, ` : '',
            memory: await memoryBatches(pid, () => client.upload(itemId)),
          });
      } finally {
        closeConnections();
        await server.stop();
        await rm(server.dataDir, { recursive: true, force: true });
      }
    }
  }

  const f = (n: number) => n.toFixed(1);
  const r = (n: number, disk: number) => (n / disk).toFixed(2);
  const lines = [
    '## attachments',
    '',
    `Upload and download of one ${SIZE / 1024 / 1024} MB file through the built server on loopback (local-disk store, embedded PostgreSQL), against writing the same bytes to a file and fsyncing it, in the same round; median of ${ROUNDS}. CPU is per transfer (utime + stime): the server's from /proc, the bench client's (${clientName}, the same two cores) from \`process.cpuUsage\`. Then, in a single-build run, the server's resident memory (VmRSS) sampled every 25 ms while ${CONCURRENT} uploads of that file run at once, twice. \`npm run bench:attachments\`.`,
    '',
    `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
    '',
    '| round | build | load (1/5/15 min) | disk write + fsync MB/s | upload MB/s | × disk | server / client CPU ms | download MB/s | × disk | server / client CPU ms |',
    '|---|---|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      ({ round, variant, load, disk, up, down }) =>
        `| ${round} | \`${variant}\` | ${load} | ${f(disk)} | ${f(up.rate)} | ${r(up.rate, disk)} | ${f(up.serverMs)} / ${f(up.clientMs)} | ${f(down.rate)} | ${r(down.rate, disk)} | ${f(down.serverMs)} / ${f(down.clientMs)} |`,
    ),
  ];
  // Under load a round's CPU swings with its neighbours' work: per build, the median and the
  // least of its rounds (the round least disturbed) say more than any one round.
  if (abRounds > 1) {
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? 0;
    lines.push(
      '',
      '| build | upload server CPU ms, median / least | download server CPU ms, median / least | upload × disk, median | download × disk, median |',
      '|---|---:|---:|---:|---:|',
      ...variants.map(({ name }) => {
        const own = rows.filter((row) => row.variant === name);
        const up = own.map((row) => row.up.serverMs);
        const down = own.map((row) => row.down.serverMs);
        return `| \`${name}\` | ${f(median(up))} / ${f(Math.min(...up))} | ${f(median(down))} / ${f(Math.min(...down))} | ${median(own.map((row) => row.up.rate / row.disk)).toFixed(2)} | ${median(own.map((row) => row.down.rate / row.disk)).toFixed(2)} |`;
      }),
    );
  }
  if (traceGc) {
    const g = (t: Transfer) =>
      t.gc
        ? `${t.gc.scavenges.toFixed(1)} / ${f(t.gc.scavengeMs)} | ${t.gc.fullCollections.toFixed(1)} / ${f(t.gc.fullMs)}`
        : '— | —';
    lines.push(
      '',
      "The server's garbage collections per transfer (`BENCH_GC=1`: `--trace-gc`; count / milliseconds on the main thread as V8 reports them — wall time, so under load it includes waiting for a core; a full collection's incremental steps included):",
      '',
      '| round | build | upload: scavenges / ms | upload: full / ms | download: scavenges / ms | download: full / ms |',
      '|---|---|---:|---:|---:|---:|',
      ...rows.map(
        ({ round, variant, up, down }) => `| ${round} | \`${variant}\` | ${g(up)} | ${g(down)} |`,
      ),
    );
  }
  if (memories.length > 0)
    lines.push(
      '',
      `| ${CONCURRENT} concurrent uploads | RSS before MB | peak RSS MB | growth MB | RSS after both batches MB |`,
      '|---|---:|---:|---:|---:|',
      ...memories.flatMap(({ label, memory }) =>
        memory.batches.map(
          (b, index) =>
            `| ${label}batch ${index + 1} | ${f(b.before)} | ${f(b.peak)} | ${f(b.peak - b.before)} | ${index === memory.batches.length - 1 ? f(memory.after) : ''} |`,
        ),
      ),
      '',
      `${CONCURRENT} × ${SIZE / 1024 / 1024} MB = ${(CONCURRENT * SIZE) / 1024 / 1024} MB went through each batch: growth well under that means no upload is held in memory.`,
    );
  const text = lines.join('\n');
  console.log(text);
  writeSection(REPORT, 'attachments', text);
} finally {
  await issuer.close();
  await rm(scratch, { recursive: true, force: true });
}
