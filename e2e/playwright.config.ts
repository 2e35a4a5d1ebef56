import { defineConfig } from '@playwright/test';
import { CHROMIUM_PATH } from './support/paths';

/**
 * End-to-end tests in Debian's Chromium (no browser downloads). One server for the whole run,
 * started by global-setup on a free port with a fresh data directory. Two workers, one spec file
 * each at a time: a test spends most of its time waiting on the browser, the server and the
 * database, so two files side by side keep the machine's two cores busy.
 * Every test signs up its own accounts and organizations and moves the billing clock for its own
 * organization only, so files share nothing. `E2E_WORKERS=1` runs them one at a time.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './support/global-setup.ts',
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: process.env.WAYMARK_URL,
    // Recorded on a failed test's retry only: recording every test cost a quarter of the run's
    // CPU (decisions 0155–0157; support/keep-drawing.ts keeps the extension's pages drawing).
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update'],
    },
  },
});
