// Attachment throughput and memory (issue 14): a 20 MB file uploaded and downloaded through the
// built server on loopback, against writing the same bytes to disk in the same run; then the
// server's resident memory while 10 uploads of it run at once. Usage: npm run bench:attachments.
import { randomBytes } from 'node:crypto';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startTestIssuer } from '../apps/server/test/support/auth-test-issuer';
import { multipartFile } from '../apps/server/test/support/multipart';
import { startServer } from '../scripts/lib/start-server.mjs';
import { cpuMs } from './lib/process-stats';
import { writeSection } from './lib/report';

const SIZE = 20 * 1024 * 1024;
const ROUNDS = 5;
const CONCURRENT = 10;
const REPORT = resolve(import.meta.dirname, '../docs/benchmarks.md');

const issuer = await startTestIssuer('https://waymark.bench/api');
const server = await startServer({
  env: { OIDC_ISSUER: issuer.url, OIDC_AUDIENCE: issuer.audience },
  // BENCH_NODE runs the server through a wrapper, e.g. one adding --cpu-prof (bench/README.md).
  ...(process.env.BENCH_NODE && { nodePath: process.env.BENCH_NODE }),
});
const token = await issuer.sign({ expiresInSeconds: 3600 });
const scratch = await mkdtemp(join(tmpdir(), 'waymark-bench-disk-'));

async function call<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(server.url + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  const text = await response.text();
  return (text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text) as T;
}

/** MB/s of `run` over `ROUNDS` runs: the median. */
async function throughput(run: () => Promise<void>): Promise<number> {
  const rates: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = performance.now();
    await run();
    rates.push(SIZE / 1024 / 1024 / ((performance.now() - started) / 1000));
  }
  return rates.sort((a, b) => a - b)[Math.floor(ROUNDS / 2)] ?? 0;
}

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

try {
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
  const bytes = randomBytes(SIZE);
  const body = multipartFile(bytes, { fileName: 'bench.bin' });
  const upload = async () => {
    const response = await fetch(`${server.url}/api/item/uploadAttachment/${itemId}`, {
      method: 'POST',
      headers: { ...body.headers, authorization: `Bearer ${token}` },
      body: body.payload,
    });
    if (!response.ok) throw new Error(`upload: ${response.status} ${await response.text()}`);
    return (await response.json()) as { attachmentId: number };
  };
  const disk = await throughput(async () => {
    const handle = await open(join(scratch, 'copy.bin'), 'w');
    await handle.writeFile(bytes);
    await handle.sync();
    await handle.close();
  });
  // The server's CPU per transfer (utime + stime ÷ rounds): other load on the machine moves
  // MB/s a lot and this far less (issue 34).
  const pid = server.pid ?? 0;
  const cpuPerRound = async (run: () => Promise<number>) => {
    const before = cpuMs(pid);
    const rate = await run();
    return { rate, cpuMs: (cpuMs(pid) - before) / ROUNDS };
  };
  const up = await cpuPerRound(() => throughput(async () => void (await upload())));
  const { attachmentId } = await upload();
  const down = await cpuPerRound(() =>
    throughput(async () => {
      const response = await fetch(
        `${server.url}/api/item/downloadAttachment/${itemId}/${attachmentId}`,
        { headers: { authorization: `Bearer ${token}` } },
      );
      const received = Buffer.from(await response.arrayBuffer());
      if (received.length !== SIZE) throw new Error(`download: ${received.length} bytes`);
    }),
  );

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
  const after = await rssMb(pid);

  const f = (n: number) => n.toFixed(1);
  const lines = [
    '## attachments',
    '',
    `Upload and download of one ${SIZE / 1024 / 1024} MB file through the built server on loopback (local-disk store, embedded PostgreSQL), against writing the same bytes to a file and fsyncing it, in the same run; median of ${ROUNDS}. Then the server's resident memory (VmRSS) sampled every 25 ms while ${CONCURRENT} uploads of that file run at once, twice. \`npm run bench:attachments\`.`,
    '',
    `Run ${new Date().toISOString().slice(0, 10)}.`,
    '',
    '| what | MB/s | ratio to disk write | server CPU ms per transfer |',
    '|---|---:|---:|---:|',
    `| write + fsync to disk (baseline) | ${f(disk)} | 1.00 | — |`,
    `| upload (multipart, streamed, SHA-256, fsync) | ${f(up.rate)} | ${(up.rate / disk).toFixed(2)} | ${f(up.cpuMs)} |`,
    `| download | ${f(down.rate)} | ${(down.rate / disk).toFixed(2)} | ${f(down.cpuMs)} |`,
    '',
    `| ${CONCURRENT} concurrent uploads | RSS before MB | peak RSS MB | growth MB |`,
    '|---|---:|---:|---:|',
    ...batches.map(
      (b, index) =>
        `| batch ${index + 1} | ${f(b.before)} | ${f(b.peak)} | ${f(b.peak - b.before)} |`,
    ),
    '',
    `RSS after both batches: ${f(after)} MB. ${CONCURRENT} × ${SIZE / 1024 / 1024} MB = ${(CONCURRENT * SIZE) / 1024 / 1024} MB went through: growth well under that means no upload is held in memory.`,
  ];
  const text = lines.join('\n');
  console.log(text);
  writeSection(REPORT, 'attachments', text);
} finally {
  await server.stop();
  await issuer.close();
  await rm(scratch, { recursive: true, force: true });
}
