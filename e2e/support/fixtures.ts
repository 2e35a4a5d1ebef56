import { type BrowserContext, chromium, test as base } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestSite, type TestSite } from '../fixtures-site/site-server';
import { keepExtensionPagesDrawing } from './keep-drawing';
import { CHROMIUM_PATH, EXTENSION_DIST } from './paths';
import { SidePanel } from './side-panel';

type Fixtures = {
  /** Base URL of the server under test, e.g. http://localhost:41234. */
  serverUrl: string;
  /** A persistent Chromium context with the unpacked extension loaded. */
  extensionContext: BrowserContext;
  /** The id Chromium gave the loaded extension (stable: the manifest has a key). */
  extensionId: string;
  /** The side panel (page object), its extension pointed at the server under test. */
  sidePanel: SidePanel;
  /** The test site: two origins (two environments of one site) serving the same pages. */
  site: TestSite;
};

function extensionArgs(extensionDir: string): string[] {
  return [
    `--disable-extensions-except=${extensionDir}`,
    `--load-extension=${extensionDir}`,
    '--no-sandbox',
    '--disable-background-networking',
    '--disable-component-update',
    // Lets a test click the toolbar icon (CDP Extensions.triggerAction), which grants activeTab.
    '--enable-unsafe-extension-debugging',
  ];
}

/** A persistent headless Chromium on `profile` with the unpacked extension in `extensionDir`. */
export async function launchExtensionContext(
  profile: string,
  extensionDir = EXTENSION_DIST,
): Promise<BrowserContext> {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: extensionArgs(extensionDir),
  });
  keepExtensionPagesDrawing(context);
  return context;
}

/**
 * A persistent Chromium context (fresh profile) with the unpacked extension in `extensionDir`
 * loaded; `close` also removes the profile.
 */
export async function launchWithExtension(
  extensionDir: string,
): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'waymark-profile-'));
  const context = await launchExtensionContext(profile, extensionDir);
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Playwright `test` with the Waymark fixtures. */
export const test = base.extend<Fixtures>({
  // One site per test, on fresh ports: a site's origins belong to the project a test adds
  // them to, so tests sharing one would see each other's projects.
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take a destructured first arg
  site: async ({}, use) => {
    const site = await startTestSite();
    await use(site);
    await site.stop();
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take a destructured first arg
  serverUrl: async ({}, use) => {
    const url = process.env.WAYMARK_URL;
    if (!url) throw new Error('WAYMARK_URL is not set: global-setup did not run');
    await use(url);
  },
  // eslint-disable-next-line no-empty-pattern -- as above
  extensionContext: async ({}, use) => {
    const { context, close } = await launchWithExtension(EXTENSION_DIST);
    await use(context);
    await close();
  },
  extensionId: async ({ extensionContext }, use) => {
    const worker =
      extensionContext.serviceWorkers()[0] ??
      (await extensionContext.waitForEvent('serviceworker'));
    const id = new URL(worker.url()).host;
    await use(id);
  },
  sidePanel: async ({ extensionContext, extensionId, serverUrl }, use) => {
    const worker =
      extensionContext.serviceWorkers()[0] ??
      (await extensionContext.waitForEvent('serviceworker'));
    await worker.evaluate((url) => chrome.storage.sync.set({ serverUrl: url }), serverUrl);
    await use(new SidePanel(await extensionContext.newPage(), extensionContext, extensionId));
  },
});

export { expect } from '@playwright/test';
