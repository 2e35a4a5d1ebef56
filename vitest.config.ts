import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import InterleavingSequencer from './apps/server/test/support/interleaving-sequencer';

/**
 * Vitest's own default in a run is one worker less than the cores: a single worker on CI's
 * two-core machine, leaving a core idle through 240 unit files. Never fewer than two.
 */
const UNIT_WORKERS = Math.max(2, availableParallelism() - 1);

/**
 * When set (CI), the server test files run a second time in the same run, against this external
 * PostgreSQL (Debian's 15) as project `server-external`, sharing the workers with `server` (on the
 * embedded PostgreSQL): one pass fills the other's idle waits (decision 0091).
 */
const EXTERNAL_DATABASE_URL = process.env.WAYMARK_TEST_EXTERNAL_DATABASE_URL;

/**
 * Two workers per database server: a third on one server adds contention to the timing tests
 * (decision 0082); the two servers of a CI run each get their two.
 */
const SERVER_WORKERS = EXTERNAL_DATABASE_URL ? 4 : 2;

/** A server project: every server test file, on the database its global setup provides. */
function serverProject(name: string, globalSetup: string) {
  return {
    test: {
      name,
      include: ['apps/server/test/**/*.test.ts', 'apps/server/src/**/*.db.test.ts'],
      globalSetup: [globalSetup],
      testTimeout: 30_000,
      hookTimeout: 60_000,
      fileParallelism: true,
      maxWorkers: SERVER_WORKERS,
      // One group of their own: projects of one group share the pool and must agree on its size.
      sequence: { groupOrder: 1 },
    },
  };
}

/**
 * Projects: `unit` (pure logic beside the code, no I/O) and `server` (the real app through
 * inject() on a real PostgreSQL, one database per file), plus `server-external` in CI.
 */
export default defineConfig({
  test: {
    sequence: { sequencer: InterleavingSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/*/src/**/*.test.{ts,tsx}',
            'scripts/lib/*.test.ts',
            'bench/lib/*.test.ts',
          ],
          exclude: ['apps/server/src/**/*.db.test.ts', '**/node_modules/**'],
          environment: 'node',
          maxWorkers: UNIT_WORKERS,
        },
        // The side panel's lazy views wait for Mantine's whole stylesheet (decision 0079); jsdom
        // applies no styles, and reading ~250 kB of CSS per test file only slows the tests.
        resolve: {
          alias: [
            {
              find: /^@mantine\/core\/styles\.layer\.css$/,
              replacement: fileURLToPath(
                new URL('./apps/extension/src/test/no-styles.css', import.meta.url),
              ),
            },
          ],
        },
      },
      serverProject('server', 'apps/server/test/support/global-setup.ts'),
      ...(EXTERNAL_DATABASE_URL
        ? [serverProject('server-external', 'apps/server/test/support/global-setup-external.ts')]
        : []),
    ],
  },
});
