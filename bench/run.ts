// Runs every benchmark scenario against a freshly started server on loopback and writes the
// figures to docs/benchmarks.md. Usage: npm run bench [-- <scenario> …] (default: all).
import { resolve } from 'node:path';
import { startTestIssuer } from '../apps/server/test/support/auth-test-issuer';
import { startServer } from '../scripts/lib/start-server.mjs';
import { formatRow, measure, TABLE_HEADER, type Measurement } from './lib/measure';
import { writeSection } from './lib/report';
import { SCENARIOS } from './scenarios/index';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const REPORT = resolve(import.meta.dirname, '../docs/benchmarks.md');

const wanted = process.argv.slice(2);
const scenarios = wanted.length ? SCENARIOS.filter((s) => wanted.includes(s.name)) : SCENARIOS;

// Authenticated scenarios need tokens: the server trusts a loopback test issuer, as the server's
// own tests do (OIDC_ISSUER switches the embedded provider off, which no scenario measures).
const issuer = await startTestIssuer('https://waymark.bench/api');
const server = await startServer({
  env: { OIDC_ISSUER: issuer.url, OIDC_AUDIENCE: issuer.audience },
  // BENCH_NODE runs the server through a wrapper, e.g. one adding --cpu-prof (bench/README.md).
  ...(process.env.BENCH_NODE && { nodePath: process.env.BENCH_NODE }),
});
const context = {
  dataDir: server.dataDir,
  signToken: (options?: { subject?: string; email?: string }) =>
    issuer.sign({ ...options, expiresInSeconds: 3600 }),
  serverPid: server.pid,
};
try {
  for (const scenario of scenarios) {
    console.log(`\n${scenario.name}: ${scenario.description}`);
    const prepared = await scenario.prepare(server.url, context);
    if (scenario.run) {
      const body = [
        `## ${scenario.name}`,
        '',
        scenario.description,
        '',
        ...(await scenario.run(prepared, context)),
      ].join('\n');
      console.log(body);
      writeSection(REPORT, scenario.name, body);
      continue;
    }
    // Baseline and subject alternate twice so drift on a noisy machine hits both alike.
    const runs: { baseline: Measurement; subjects: Measurement[] }[] = [];
    for (let round = 0; round < 2; round += 1) {
      const baseline = await measure(prepared.baseline, CONNECTIONS, DURATION_SECONDS, server.pid);
      const subjects: Measurement[] = [];
      for (const target of prepared.targets)
        subjects.push(await measure(target, CONNECTIONS, DURATION_SECONDS, server.pid));
      runs.push({ baseline, subjects });
    }
    const lines = [
      `## ${scenario.name}`,
      '',
      scenario.description,
      '',
      `Run ${new Date().toISOString().slice(0, 10)} · ${CONNECTIONS} connections · ${DURATION_SECONDS} s per measurement · 2 alternating rounds.`,
      '',
      ...TABLE_HEADER,
    ];
    runs.forEach(({ baseline, subjects }) => {
      lines.push(formatRow(baseline, baseline));
      for (const subject of subjects) lines.push(formatRow(subject, baseline));
    });
    if (prepared.notes) lines.push('', prepared.notes);
    const body = lines.join('\n');
    console.log(body);
    writeSection(REPORT, scenario.name, body);
  }
} finally {
  await server.stop();
  await issuer.close();
}
