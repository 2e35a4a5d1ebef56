// Attachment throughput and memory (issues 14, 34): a 20 MB file uploaded and downloaded through
// the built server on loopback, against writing the same bytes to disk in the same run; the
// server's and the client's CPU per transfer; then the server's resident memory while 10 uploads
// of it run at once. Usage: npm run bench:attachments.
// BENCH_AB='SERVER_MAIN=/tmp/base/apps/server/dist/main.js;' alternates builds (an empty variant
// is this build) in BENCH_AB_ROUNDS rounds (default 3), each round with its own disk baseline.
// BENCH_ATTACHMENTS_CLIENT=fetch uses fetch as the client (the bench's client before issue 34).
import { randomBytes } from 'node:crypto';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startTestIssuer } from '../apps/server/test/support/auth-test-issuer';
import { multipartFile } from '../apps/server/test/support/multipart';
import { startServer } from '../scripts/lib/start-server.mjs';
import { closeConnections, exchange } from './lib/http-transfer';
import { cpuMs, loadAverage } from './lib/process-stats';
import { writeSection } from './lib/report';

const SIZE = 20 * 1024 * 1024;
const ROUNDS = Number(process.env.BENCH_ATTACHMENTS_ROUNDS ?? 5);
const CONCURRENT = 10;
const REPORT = resolve(import.meta.dirname, '../docs/benchmarks.md');
const useFetch = process.env.BENCH_ATTACHMENTS_CLIENT === 'fetch';

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

/** One transfer direction's figures: median MB/s, and CPU per transfer of server and client. */
type Transfer = { rate: number; serverMs: number; clientMs: number };

/** The median MB/s of `run` over `ROUNDS` runs, and the CPU each process spent per run. */
async function transfer(serverPid: number, run: () => Promise<void>): Promise<Transfer> {
  const rates: number[] = [];
  const serverBefore = cpuMs(serverPid);
  const clientBefore = process.cpuUsage();
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = performance.now();
    await run();
    rates.push(SIZE / 1024 / 1024 / ((performance.now() - started) / 1000));
  }
  const client = process.cpuUsage(clientBefore);
  return {
    rate: rates.sort((a, b) => a - b)[Math.floor(ROUNDS / 2)] ?? 0,
    serverMs: (cpuMs(serverPid) - serverBefore) / ROUNDS,
    clientMs: (client.user + client.system) / 1000 / ROUNDS,
  };
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
    } else received = (await exchange(path, { method: 'GET', headers: auth })).bytes;
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
let memory: Awaited<ReturnType<typeof memoryBatches>> | undefined;
try {
  for (let round = 1; round <= abRounds; round += 1) {
    for (const variant of variants) {
      const { SERVER_MAIN: mainPath, ...env } = variant.env;
      const server = await startServer({
        env: { OIDC_ISSUER: issuer.url, OIDC_AUDIENCE: issuer.audience, ...env },
        ...(mainPath && { mainPath }),
        // BENCH_NODE runs the server through a wrapper, e.g. one adding --cpu-prof (bench/README.md).
        ...(process.env.BENCH_NODE && { nodePath: process.env.BENCH_NODE }),
      });
      try {
        const pid = server.pid ?? 0;
        const client = clientOf(server.url);
        const itemId = await seedItem(client.call);
        const load = loadAverage();
        const disk = await diskRate();
        const up = await transfer(pid, async () => void (await client.upload(itemId)));
        const attachmentId = await client.upload(itemId);
        const down = await transfer(pid, () => client.download(itemId, attachmentId));
        rows.push({ round, variant: variant.name, load, disk, up, down });
        console.log(JSON.stringify(rows.at(-1)));
        if (!process.env.BENCH_AB) memory = await memoryBatches(pid, () => client.upload(itemId));
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
    `Upload and download of one ${SIZE / 1024 / 1024} MB file through the built server on loopback (local-disk store, embedded PostgreSQL), against writing the same bytes to a file and fsyncing it, in the same round; median of ${ROUNDS}. CPU is per transfer (utime + stime): the server's from /proc, the bench client's (${useFetch ? '`fetch`' : '`node:http`'}, the same two cores) from \`process.cpuUsage\`. Then, in a single-build run, the server's resident memory (VmRSS) sampled every 25 ms while ${CONCURRENT} uploads of that file run at once, twice. \`npm run bench:attachments\`.`,
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
  if (memory)
    lines.push(
      '',
      `| ${CONCURRENT} concurrent uploads | RSS before MB | peak RSS MB | growth MB |`,
      '|---|---:|---:|---:|',
      ...memory.batches.map(
        (b, index) =>
          `| batch ${index + 1} | ${f(b.before)} | ${f(b.peak)} | ${f(b.peak - b.before)} |`,
      ),
      '',
      `RSS after both batches: ${f(memory.after)} MB. ${CONCURRENT} × ${SIZE / 1024 / 1024} MB = ${(CONCURRENT * SIZE) / 1024 / 1024} MB went through: growth well under that means no upload is held in memory.`,
    );
  const text = lines.join('\n');
  console.log(text);
  writeSection(REPORT, 'attachments', text);
} finally {
  await issuer.close();
  await rm(scratch, { recursive: true, force: true });
}
