// The extension with access to the test site already granted, as after the user allowed it.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchWithExtension, test as base } from './fixtures';
import { EXTENSION_DIST } from './paths';

/**
 * `test` whose extension may run on http://127.0.0.1 (the test site) and holds the optional API
 * `permissions` given (e.g. `debugger`). Chrome's grant prompt (`permissions.request`) cannot be
 * answered in a headless run, so a copy of the built extension lists them in `host_permissions`
 * and `permissions` — the state after the user allowed them. The shipped manifest is untouched
 * (manifest.test.ts keeps it free of host access).
 */
export function grantedExtensionTest(permissions: string[] = []) {
  return base.extend({
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take a destructured first arg
    extensionContext: async ({}, use) => {
      const dist = mkdtempSync(join(tmpdir(), 'waymark-granted-'));
      cpSync(EXTENSION_DIST, dist, { recursive: true });
      const manifestPath = join(dist, 'manifest.json');
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
        permissions: string[];
      };
      writeFileSync(
        manifestPath,
        JSON.stringify({
          ...manifest,
          host_permissions: ['http://127.0.0.1/*'],
          permissions: [...manifest.permissions, ...permissions],
        }),
      );
      const { context, close } = await launchWithExtension(dist);
      await use(context);
      await close();
      rmSync(dist, { recursive: true, force: true });
    },
  });
}

/** `test` with the test site granted (no optional API permission). */
export const test = grantedExtensionTest();

export { expect } from '@playwright/test';
