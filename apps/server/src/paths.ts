import { fileURLToPath } from 'node:url';

/**
 * The server package folder (`apps/server`). This file sits one level below it both as source
 * (`src/paths.ts`) and bundled into `dist/main.js`, so the same relative URL works for both and
 * nothing depends on the working directory.
 */
export const SERVER_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The committed drizzle-kit migrations. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../drizzle', import.meta.url));

/** Where `npm run build -w @waymark/portal` writes the portal. */
export const DEFAULT_PORTAL_DIST = fileURLToPath(new URL('../../portal/dist', import.meta.url));

/** Where `npm run build -w @waymark/extension` writes the extension the server hands out (issue 25). */
export const DEFAULT_EXTENSION_DIST = fileURLToPath(
  new URL('../../extension/dist', import.meta.url),
);
