// Runs every benchmark scenario against a freshly started server on loopback and writes the
// figures to docs/benchmarks.md. Usage: npm run bench [-- <scenario> …] (default: all).
// BENCH_AB='NAME=a;NAME=b' runs each scenario with its own `run` in interleaved A/B rounds:
// the server restarted on the same data with each variant's environment in turn
// (BENCH_AB_ROUNDS rounds, default 3), the rounds' figures side by side in one section. A
// variant's SERVER_MAIN=<path> runs another build's main.js (e.g. the base commit's).
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startTestIssuer } from '../apps/server/test/support/auth-test-issuer';
import pg from 'pg';
import { embeddedDatabaseUrl, startServer } from '../scripts/lib/start-server.mjs';
import {
  formatRow,
  measure,
  TABLE_HEADER,
  type Generator,
  type Measurement,
  type Target,
} from './lib/measure';
import { loadAverage } from './lib/process-stats';
import { writeSection } from './lib/report';
import { sideBySide, type GeneratorRound } from './lib/side-by-side';
import { findWrk, measureWithWrk, wrkCanLoad } from './lib/wrk';
import { SCENARIOS } from './scenarios/index';
import { BENCH_SERVER_ENV } from './lib/server-env';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const REPORT = resolve(import.meta.dirname, '../docs/benchmarks.md');

// autocannon always; wrk too when installed (issue 34: autocannon's per-byte work bounded the
// portal page's ratio), unless BENCH_GENERATORS names the ones to use.
const wrk = findWrk();
const generators = (process.env.BENCH_GENERATORS ?? (wrk ? 'autocannon,wrk' : 'autocannon'))
  .split(',')
  .filter((name): name is Generator => name === 'autocannon' || (name === 'wrk' && !!wrk));

const wanted = process.argv.slice(2);
const scenarios = wanted.length ? SCENARIOS.filter((s) => wanted.includes(s.name)) : SCENARIOS;

// Authenticated scenarios need tokens: the server trusts a loopback test issuer, as the server's
// own tests do (OIDC_ISSUER switches the embedded provider off, which no scenario measures).
const issuer = await startTestIssuer('https://waymark.bench/api');
const variants = (process.env.BENCH_AB ?? '')
  .split(';')
  .filter(Boolean)
  .map((variant) => ({
    name: variant,
    env: Object.fromEntries(
      variant.split(',').map((pair) => pair.split('=', 2) as [string, string]),
    ),
  }));
const abRounds = Number(process.env.BENCH_AB_ROUNDS ?? 3);
// A/B rounds restart the server on one data directory, kept until the run ends.
const abDataDir = variants.length ? mkdtempSync(join(tmpdir(), 'waymark-ab-')) : undefined;
if (abDataDir) chmodSync(abDataDir, 0o755);
/**
 * Runs again, on the server's database, every `CREATE OR REPLACE FUNCTION` of the migrations
 * `tags` (e.g. `0040_change_feed_insert_once`), in order: a variant's `BENCH_FUNCTIONS_FROM`.
 */
async function restoreFunctions(dataDir: string, tags: string[]): Promise<void> {
  const client = new pg.Client(embeddedDatabaseUrl(dataDir));
  await client.connect();
  try {
    for (const tag of tags) {
      const migration = readFileSync(resolve('../apps/server/drizzle', `${tag}.sql`), 'utf8');
      for (const statement of migration.split('--> statement-breakpoint'))
        if (/CREATE OR REPLACE FUNCTION/i.test(statement)) await client.query(statement);
    }
  } finally {
    await client.end();
  }
}
// The rounds share one database, migrated by the newest build: a variant's BENCH_FUNCTIONS_FROM
// puts its own build's database functions back once its server has started (bench/README.md).
const start = async (
  { SERVER_MAIN: mainPath, BENCH_FUNCTIONS_FROM: functionsFrom, ...env }: Record<string, string>,
  port?: number,
) => {
  const started = await startServer({
    env: {
      OIDC_ISSUER: issuer.url,
      OIDC_AUDIENCE: issuer.audience,
      ...BENCH_SERVER_ENV,
      ...(abDataDir && { DATA_DIR: abDataDir }),
      ...env,
    },
    ...(mainPath && { mainPath }),
    // BENCH_NODE runs the server through a wrapper, e.g. one adding --cpu-prof (bench/README.md).
    ...(process.env.BENCH_NODE && { nodePath: process.env.BENCH_NODE }),
    ...(port && { port }),
  });
  if (functionsFrom) await restoreFunctions(started.dataDir, functionsFrom.split('+'));
  return started;
};
let server = await start(variants[0]?.env ?? {});
const context = {
  dataDir: server.dataDir,
  signToken: (options?: { subject?: string; email?: string }) =>
    issuer.sign({ ...options, expiresInSeconds: 3600 }),
  serverPid: server.pid,
};

/** Interleaved A/B rounds of a scenario with its own `run`: its section's body. */
async function runAb(scenario: (typeof scenarios)[number]): Promise<string[]> {
  const bodies: string[] = [];
  for (let round = 1; round <= abRounds; round += 1) {
    for (const variant of variants) {
      await server.stop();
      server = await start(variant.env, server.port);
      context.serverPid = server.pid;
      const prepared = await scenario.prepare(server.url, context);
      const lines = (await scenario.run?.(prepared, context)) ?? [];
      console.log(`\n${scenario.name} round ${round}, ${variant.name}:\n${lines.join('\n')}`);
      bodies.push(`### Round ${round}: \`${variant.name}\``, '', ...lines, '');
    }
  }
  return [
    `Interleaved A/B: ${abRounds} rounds of ${variants.map((v) => `\`${v.name}\``).join(' then ')}, the server restarted on the same data before each.`,
    '',
    ...bodies,
  ];
}

try {
  for (const scenario of scenarios) {
    if (variants.length && scenario.run) {
      console.log(`\n${scenario.name}: ${scenario.description}`);
      // Seeds once, on the first variant's server.
      await scenario.prepare(server.url, context);
      const body = [
        `## ${scenario.name}`,
        '',
        scenario.description,
        '',
        ...(await runAb(scenario)),
      ];
      writeSection(REPORT, scenario.name, body.join('\n'));
      continue;
    }
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
    // Baseline and subject alternate twice so drift on a noisy machine hits both alike; each
    // generator loads them in turn within a round.
    const runs: GeneratorRound[] = [];
    for (let round = 0; round < 2; round += 1) {
      for (const generator of generators) {
        const load = (target: Target) =>
          generator === 'wrk' && wrk
            ? measureWithWrk(wrk, target, CONNECTIONS, DURATION_SECONDS, server.pid)
            : measure(target, CONNECTIONS, DURATION_SECONDS, server.pid);
        const loadable = [prepared.baseline, ...prepared.targets].filter(
          (target) => generator !== 'wrk' || wrkCanLoad(target),
        );
        if (loadable[0] !== prepared.baseline) continue;
        const baseline = await load(prepared.baseline);
        const subjects: Measurement[] = [];
        for (const target of loadable.slice(1)) subjects.push(await load(target));
        runs.push({ baseline, subjects });
      }
    }
    const used = [...new Set(runs.map((run) => run.baseline.generator))];
    const lines = [
      `## ${scenario.name}`,
      '',
      scenario.description,
      '',
      `Run ${new Date().toISOString().slice(0, 10)} · ${CONNECTIONS} connections · ${DURATION_SECONDS} s per measurement · 2 alternating rounds · load generator${used.length > 1 ? 's' : ''} ${used.join(' and ')} · load average ${loadAverage()}.`,
      '',
      ...TABLE_HEADER,
    ];
    runs.forEach(({ baseline, subjects }) => {
      lines.push(formatRow(baseline, baseline));
      for (const subject of subjects) lines.push(formatRow(subject, baseline));
    });
    if (used.length > 1) lines.push('', ...sideBySide(runs));
    if (prepared.notes) lines.push('', prepared.notes);
    const body = lines.join('\n');
    console.log(body);
    writeSection(REPORT, scenario.name, body);
  }
} finally {
  await server.stop();
  await issuer.close();
  if (abDataDir) rmSync(abDataDir, { recursive: true, force: true });
}
