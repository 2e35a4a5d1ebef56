// The extension with access to the test site already granted, as after the user allowed it.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchWithExtension, test as base } from './fixtures';
import { EXTENSION_DIST } from './paths';

/**
 * `test` whose extension may run on http://127.0.0.1 (the test site). Chrome's grant prompt
 * (`permissions.request`) cannot be answered in a headless run, so a copy of the built extension
 * lists the host in `host_permissions` — the state a granted site is in. The shipped manifest is
 * untouched (manifest.test.ts keeps it free of host access).
 */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take a destructured first arg
  extensionContext: async ({}, use) => {
    const dist = mkdtempSync(join(tmpdir(), 'waymark-granted-'));
    cpSync(EXTENSION_DIST, dist, { recursive: true });
    const manifestPath = join(dist, 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, unknown>;
    writeFileSync(
      manifestPath,
      JSON.stringify({ ...manifest, host_permissions: ['http://127.0.0.1/*'] }),
    );
    const { context, close } = await launchWithExtension(dist);
    await use(context);
    await close();
    rmSync(dist, { recursive: true, force: true });
  },
});

export { expect } from '@playwright/test';
