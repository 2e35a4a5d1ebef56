import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Vitest's own default in a run is one worker less than the cores: a single worker on CI's
 * two-core machine, leaving a core idle through 240 unit files. Never fewer than two.
 */
const UNIT_WORKERS = Math.max(2, availableParallelism() - 1);

/**
 * Two projects: `unit` (pure logic beside the code, no I/O) and `server`
 * (the real app through inject() on a real PostgreSQL, one database per file).
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
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts', 'apps/server/src/**/*.db.test.ts'],
          globalSetup: ['apps/server/test/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: true,
          maxWorkers: 2,
          // A worker imports the app's modules once for all its files instead of once per file
          // (import was 30 % of the suite's time, decision 0097). Every file still builds its own
          // app on its own database; a file that mocks a module clears the cache first.
          isolate: false,
        },
      },
    ],
  },
});
