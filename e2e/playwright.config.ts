import { defineConfig } from '@playwright/test';
import { CHROMIUM_PATH } from './support/paths';

/**
 * End-to-end tests in Debian's Chromium (no browser downloads). One server for the whole run,
 * started by global-setup on a free port with a fresh data directory; tests run one at a time
 * because the machine has two cores and the extension tests need a persistent context each.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './support/global-setup.ts',
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: process.env.WAYMARK_URL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update'],
    },
  },
});
