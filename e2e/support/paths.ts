import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** The unpacked extension the tests load. */
export const EXTENSION_DIST = resolve(ROOT, 'apps/extension/dist');
/** Debian's Chromium; Playwright never downloads a browser here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
