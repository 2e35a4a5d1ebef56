// What the move from Node.js 20 to 24 did to speed (issue 10): the same built server started
// twice on one machine, once on each runtime, each with its own embedded PostgreSQL, and the same
// calls loaded on both in alternation, so drift on a noisy machine hits both alike. Writes the
// `runtimes` section of docs/benchmarks.md. Usage: npm run bench:runtimes
// (BENCH_OLD_NODE: the older Node binary, default /usr/bin/node).
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { startTestIssuer } from '../apps/server/test/support/auth-test-issuer';
import { startServer } from '../scripts/lib/start-server.mjs';
import { measure, type Measurement, type Target } from './lib/measure';
import { writeSection } from './lib/report';
import { BENCH_SERVER_ENV } from './lib/server-env';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const REPORT = resolve(import.meta.dirname, '../docs/benchmarks.md');
const OLD_NODE = process.env.BENCH_OLD_NODE ?? '/usr/bin/node';

const versionOf = (binary: string) =>
  spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout.trim();
const runtimes = [
  { label: `Node ${versionOf(OLD_NODE)}`, nodePath: OLD_NODE },
  { label: `Node ${process.version}`, nodePath: process.execPath },
];

const issuer = await startTestIssuer('https://waymark.bench/api');
const env = { OIDC_ISSUER: issuer.url, OIDC_AUDIENCE: issuer.audience, ...BENCH_SERVER_ENV };
const servers = await Promise.all(
  runtimes.map((runtime) => startServer({ env, nodePath: runtime.nodePath })),
);
try {
  const token = await issuer.sign({ subject: 'bench-runtime', expiresInSeconds: 3600 });
  const auth = { authorization: `Bearer ${token}` };
  const calls: ((base: string) => Target)[] = [
    (base) => ({ label: 'GET /api/ping', url: `${base}/api/ping` }),
    (base) => ({ label: 'GET /readyz', url: `${base}/readyz` }),
    (base) => ({
      label: 'GET /api/account/whoami',
      url: `${base}/api/account/whoami`,
      headers: auth,
    }),
  ];
  const rows: string[] = [];
  for (const call of calls) {
    const byRuntime: Measurement[][] = runtimes.map(() => []);
    for (let round = 0; round < 2; round += 1)
      for (const [index, server] of servers.entries())
        byRuntime[index]?.push(
          await measure(call(server.url), CONNECTIONS, DURATION_SECONDS, server.pid),
        );
    const mean = (runs: Measurement[], key: 'requestsPerSecond' | 'p50Ms' | 'p99Ms') =>
      runs.reduce((sum, run) => sum + run[key], 0) / runs.length;
    const [older = [], newer = []] = byRuntime;
    const label = call('').label;
    rows.push(
      `| ${label} | ${mean(older, 'requestsPerSecond').toFixed(0)} | ${mean(newer, 'requestsPerSecond').toFixed(0)} | ${(mean(newer, 'requestsPerSecond') / mean(older, 'requestsPerSecond')).toFixed(2)} | ${mean(older, 'p99Ms').toFixed(0)} / ${mean(newer, 'p99Ms').toFixed(0)} | ${[...older, ...newer].reduce((sum, run) => sum + run.failures, 0)} |`,
    );
  }
  const [old, current] = runtimes;
  const body = [
    '## runtimes',
    '',
    `The same built server on ${old?.label} and on ${current?.label}, started side by side on this machine, each call loaded on both in alternation (2 rounds each).`,
    '',
    `Run ${new Date().toISOString().slice(0, 10)} · ${CONNECTIONS} connections · ${DURATION_SECONDS} s per measurement.`,
    '',
    `| call | req/s ${old?.label} | req/s ${current?.label} | ratio new / old | p99 ms old / new | failures |`,
    '|---|---:|---:|---:|---:|---:|',
    ...rows,
  ].join('\n');
  console.log(body);
  writeSection(REPORT, 'runtimes', body);
} finally {
  await Promise.all(servers.map((server) => server.stop()));
  await issuer.close();
}
