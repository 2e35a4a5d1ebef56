import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Vitest's own default in a run is one worker less than the cores: a single worker on CI's
 * two-core machine, leaving a core idle through 240 unit files. Never fewer than two.
 */
const UNIT_WORKERS = Math.max(2, availableParallelism() - 1);

/**
 * The server files' workers: three by default. A file on the embedded PostgreSQL spends about a
 * third of its time waiting (child servers starting, the job queue's clocks, the time-outs it
 * tests), and a whole pass took 31 % less with three on CI's two cores. `.ci/run` sets
 * `SERVER_TEST_WORKERS=2` for its PostgreSQL 15 pass, which took 7–18 % longer with three
 * (decision 0117).
 */
const SERVER_WORKERS = Number(process.env.SERVER_TEST_WORKERS ?? 3);

const ROOT = fileURLToPath(new URL('.', import.meta.url));
const UNIT_FILE = /\.test\.tsx?$/;
const UNIT_SKIP = new Set(['node_modules', 'dist', '.vite']);
/** The folders of the `unit` include globs: [folder, searched below its subfolders too]. */
const UNIT_FOLDERS: [string, boolean][] = [
  ...['packages', 'apps'].flatMap((parent) =>
    readdirSync(join(ROOT, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((entry): [string, boolean][] => [
        [`${parent}/${entry.name}/src`, true],
        [`${parent}/${entry.name}/vite-plugins`, false],
      ]),
  ),
  ['scripts/lib', false],
  ['bench/lib', false],
];

/**
 * What a unit test file does that the next file of a worker could see if they shared one module
 * graph: a DOM environment (React, jsdom's document), module mocks, stubbed globals or env, fake
 * timers, spies, `globalThis` or `process.env` writes. A file with none of them is "pure". A
 * file that changes shared state some other way opts out with `// @vitest-environment node`.
 */
const SHARED_STATE =
  /@vitest-environment|vi\.(mock|doMock|unmock|hoisted|stubGlobal|stubEnv|resetModules|useFakeTimers|spyOn)\b|globalThis|process\.env|Object\.defineProperty|\bglobal\./;

/** The unit test files in `dir` (relative to the root), and below it when `deep`. */
function unitTestFiles(dir: string, deep: boolean): string[] {
  if (!existsSync(join(ROOT, dir))) return [];
  const found: string[] = [];
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    if (UNIT_SKIP.has(entry.name)) continue;
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (deep) found.push(...unitTestFiles(path, true));
    } else if (UNIT_FILE.test(entry.name) && !entry.name.endsWith('.db.test.ts')) found.push(path);
  }
  return found;
}

/**
 * The pure unit files (see SHARED_STATE), run by `unit-shared` without isolation: importing a
 * fresh module graph per file was ~70 % of their CPU time (decision 0105).
 */
const PURE_UNIT_FILES = UNIT_FOLDERS.flatMap(([dir, deep]) => unitTestFiles(dir, deep)).filter(
  (file) => !SHARED_STATE.test(readFileSync(join(ROOT, file), 'utf8')),
);

/**
 * Server files whose long writing transaction (100,000 items migrated in one) holds back every
 * live stream and change feed of its PostgreSQL cluster: they read below the cluster's oldest
 * running transaction (decision 0092). Beside the other files, a live test waiting 2–5 s for
 * its event failed. They run on an embedded cluster of their own, also when `DATABASE_URL`
 * names one for the other files (decision 0126).
 */
const OWN_CLUSTER_FILES = ['apps/server/test/db/search-backfill-migration.test.ts'];

/**
 * Isolated unit files that need Node's own globals, not a VM context's, so they run in a fresh
 * worker each (`unit-node-realm`). In a context, jsdom's `window` is the global: a JSDOM built
 * inside the test finds no `ReadableStream` for undici, and `performance` is jsdom's, without
 * `getEntriesByName` (decision 0159).
 */
const NODE_REALM_FILES = [
  'apps/extension/src/anchoring/anchor-corpus.test.ts',
  'apps/extension/src/anchoring/anchor-pin.test.ts',
  'apps/extension/src/workspace/workspace-app.test.tsx',
];

/**
 * The side panel's lazy views wait for Mantine's whole stylesheet (decision 0079); jsdom applies
 * no styles, and reading ~250 kB of CSS per test file only slows the tests.
 */
const UNIT_RESOLVE = {
  alias: [
    {
      find: /^@mantine\/core\/styles\.layer\.css$/,
      replacement: fileURLToPath(
        new URL('./apps/extension/src/test/no-styles.css', import.meta.url),
      ),
    },
  ],
};

/** What both server projects share: the real app through inject() on a real PostgreSQL. */
const SERVER_PROJECT = {
  testTimeout: 30_000,
  hookTimeout: 60_000,
  fileParallelism: true,
  maxWorkers: SERVER_WORKERS,
  // A worker imports the app's modules once for all its files instead of once per file
  // (import was 30 % of the suite's time, decision 0097). Every file still builds its own
  // app on its own database; a file that mocks a module clears the cache first.
  isolate: false,
};

/**
 * Five projects: `unit` (logic and components beside the code, no I/O, one module graph per
 * file, each in a VM context), `unit-node-realm` (NODE_REALM_FILES, one worker per file),
 * `unit-shared` (the pure unit files, one module graph per worker), `server` (the real app
 * through inject() on a real PostgreSQL, one database per file) and `server-own-cluster`
 * (OWN_CLUSTER_FILES).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/*/src/**/*.test.{ts,tsx}',
            'apps/*/vite-plugins/*.test.ts',
            'scripts/lib/*.test.ts',
            'bench/lib/*.test.ts',
          ],
          exclude: [
            'apps/server/src/**/*.db.test.ts',
            '**/node_modules/**',
            ...PURE_UNIT_FILES,
            ...NODE_REALM_FILES,
          ],
          environment: 'node',
          maxWorkers: UNIT_WORKERS,
          // Each file in a fresh VM context of a long-lived worker: the same isolation as a fresh
          // worker per file at half the CPU (jsdom's setup was 26 % of the run, decision 0159).
          pool: 'vmThreads',
        },
        resolve: UNIT_RESOLVE,
      },
      {
        test: {
          name: 'unit-node-realm',
          include: NODE_REALM_FILES,
          environment: 'node',
          maxWorkers: UNIT_WORKERS,
        },
        resolve: UNIT_RESOLVE,
      },
      {
        test: {
          name: 'unit-shared',
          include: PURE_UNIT_FILES,
          environment: 'node',
          maxWorkers: UNIT_WORKERS,
          isolate: false,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts', 'apps/server/src/**/*.db.test.ts'],
          exclude: ['**/node_modules/**', ...OWN_CLUSTER_FILES],
          globalSetup: [
            'apps/server/test/support/global-setup.ts',
            'apps/server/test/support/global-setup-main-bundle.ts',
          ],
          ...SERVER_PROJECT,
        },
      },
      {
        test: {
          name: 'server-own-cluster',
          include: OWN_CLUSTER_FILES,
          globalSetup: ['apps/server/test/support/global-setup-own-cluster.ts'],
          ...SERVER_PROJECT,
        },
      },
    ],
  },
});
