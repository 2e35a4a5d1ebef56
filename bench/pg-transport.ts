// Issue 34 (decision 0086): what one round trip to the embedded PostgreSQL costs the server's
// process over loopback TCP and over the Unix socket. Starts a throw-away cluster, then
// alternates the two transports (3 rounds each): a pool of 10 (as the server's) sends ROUNDS
// statements, 10 in flight — the prepared page lookup's shape, one short statement with a
// parameter. Prints this process's CPU (user + system) per round trip, which the machine's load
// moves far less than the wall time (printed too).
//   npm run bench:pg-transport   (or: cd bench && node --import tsx pg-transport.ts)
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded-postgres';

const ROUNDS = Number(process.env.BENCH_PG_ROUNDS ?? 20_000);
const IN_FLIGHT = 10;
const quiet = { info: () => undefined, warn: () => undefined, debug: () => undefined };

async function measure(connectionString: string): Promise<{ cpuUs: number; wallUs: number }> {
  const pool = new pg.Pool({ connectionString, max: IN_FLIGHT });
  const query = { name: 'bench_round_trip', text: 'select $1::int + 1 as n' };
  await Promise.all(Array.from({ length: IN_FLIGHT }, () => pool.query({ ...query, values: [0] })));
  const cpu = process.cpuUsage();
  const started = process.hrtime.bigint();
  let sent = 0;
  const worker = async () => {
    while (sent < ROUNDS) {
      sent++;
      await pool.query({ ...query, values: [sent] });
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  const wallUs = Number(process.hrtime.bigint() - started) / 1000;
  const used = process.cpuUsage(cpu);
  await pool.end();
  return { cpuUs: (used.user + used.system) / ROUNDS, wallUs: wallUs / ROUNDS };
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'waymark-pg-transport-'));
await chmod(dataDir, 0o755);
const database = await startEmbeddedPostgres({ dataDir, log: quiet, durable: false });
try {
  if (!database.socketDir) throw new Error('The cluster has no Unix socket (path too long?)');
  const socketUrl = database.connectionString;
  const tcp = new URL(socketUrl);
  tcp.hostname = '127.0.0.1';
  tcp.search = '';
  const rows: string[] = [];
  for (let round = 1; round <= 3; round++) {
    for (const [label, url] of [
      ['loopback TCP', tcp.toString()],
      ['Unix socket', socketUrl],
    ] as const) {
      const { cpuUs, wallUs } = await measure(url);
      rows.push(`| ${round} | ${label} | ${cpuUs.toFixed(1)} | ${wallUs.toFixed(1)} |`);
    }
  }
  console.log(
    [
      `${ROUNDS} round trips a round, ${IN_FLIGHT} in flight; load average ${(
        await import('node:os')
      )
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' / ')}`,
      '',
      '| round | transport | client CPU µs per round trip | wall µs per round trip |',
      '|---:|---|---:|---:|',
      ...rows,
    ].join('\n'),
  );
} finally {
  await database.stop();
  await rm(dataDir, { recursive: true, force: true });
}
