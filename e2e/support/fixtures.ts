import { type BrowserContext, chromium, test as base } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_PATH, EXTENSION_DIST } from './paths';

type Fixtures = {
  /** Base URL of the server under test, e.g. http://localhost:41234. */
  serverUrl: string;
  /** A persistent Chromium context with the unpacked extension loaded. */
  extensionContext: BrowserContext;
  /** The id Chromium gave the loaded extension (stable: the manifest has a key). */
  extensionId: string;
};

/** A persistent headless Chromium on `profile` with the unpacked extension loaded. */
export function launchExtensionContext(profile: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      `--disable-extensions-except=${EXTENSION_DIST}`,
      `--load-extension=${EXTENSION_DIST}`,
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
}

/** Playwright `test` with the Waymark fixtures. */
export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take a destructured first arg
  serverUrl: async ({}, use) => {
    const url = process.env.WAYMARK_URL;
    if (!url) throw new Error('WAYMARK_URL is not set: global-setup did not run');
    await use(url);
  },
  // eslint-disable-next-line no-empty-pattern -- as above
  extensionContext: async ({}, use) => {
    const profile = mkdtempSync(join(tmpdir(), 'waymark-profile-'));
    const context = await launchExtensionContext(profile);
    await use(context);
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  },
  extensionId: async ({ extensionContext }, use) => {
    const worker =
      extensionContext.serviceWorkers()[0] ??
      (await extensionContext.waitForEvent('serviceworker'));
    const id = new URL(worker.url()).host;
    await use(id);
  },
});

export { expect } from '@playwright/test';
