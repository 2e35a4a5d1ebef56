import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Worker } from '@playwright/test';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** This tree's built extension. */
export const EXTENSION_DIST = resolve(import.meta.dirname, '../../apps/extension/dist');

/** The part of the worker's `chrome` the benches use (this package has no chrome types). */
export type WorkerChrome = {
  storage: {
    sync: { set: (items: object) => Promise<void> };
    session: { set: (items: object) => Promise<void> };
  };
  tabs: { query: (query: object) => Promise<{ id?: number; url?: string }[]> };
};

/** Debian's Chromium with the built extension loaded, signed in to the bench's server. */
export type ExtensionBrowser = {
  context: BrowserContext;
  worker: Worker;
  /** `chrome-extension://<id>` */
  origin: string;
  close: () => Promise<void>;
};

/**
 * Launches Chromium headless with a copy of the built extension plus `extraFiles` (name → text,
 * e.g. a blank page as a baseline), and stores the tokens the worker would keep after signing in
 * to `serverUrl` as `token`'s user.
 */
export async function launchExtension({
  serverUrl,
  token,
  email,
  viewport,
  extraFiles = {},
  extensionDir = EXTENSION_DIST,
}: {
  serverUrl: string;
  token: string;
  email: string;
  viewport: { width: number; height: number };
  extraFiles?: Record<string, string>;
  /** The built extension to load (default: this tree's `apps/extension/dist`). */
  extensionDir?: string;
}): Promise<ExtensionBrowser> {
  // The built extension, loaded unpacked (the manifest's key keeps the id).
  const extension = mkdtempSync(join(tmpdir(), 'waymark-bench-ext-'));
  const profile = mkdtempSync(join(tmpdir(), 'waymark-bench-profile-'));
  cpSync(extensionDir, extension, { recursive: true });
  for (const [name, text] of Object.entries(extraFiles)) writeFileSync(join(extension, name), text);
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport,
    args: [
      `--disable-extensions-except=${extension}`,
      `--load-extension=${extension}`,
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
  const close = async () => {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    rmSync(extension, { recursive: true, force: true });
  };
  try {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    await worker.evaluate(
      async ({ server, accessToken, userEmail }) => {
        // Runs in the worker: only globals, nothing from this module.
        const { chrome } = globalThis as unknown as { chrome: WorkerChrome };
        await chrome.storage.sync.set({ serverUrl: server });
        await chrome.storage.session.set({
          authTokens: {
            serverUrl: server,
            tokenEndpoint: `${server}/idp/token`,
            revocationEndpoint: null,
            clientId: 'bench',
            accessToken,
            refreshToken: null,
            expiresAt: Date.now() + 3_600_000,
            name: 'Bench User',
            email: userEmail,
          },
        });
      },
      { server: serverUrl, accessToken: token, userEmail: email },
    );
    return { context, worker, origin: `chrome-extension://${new URL(worker.url()).host}`, close };
  } catch (error) {
    await close();
    throw error;
  }
}
