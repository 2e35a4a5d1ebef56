import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { AppError, EXTENSION_CONFIG_FILE } from '@waymark/core';
import { zipSync, type Zippable } from 'fflate';

/** A packaged extension, ready to send. */
export type ExtensionZip = {
  /** `waymark-extension-<version>.zip`. */
  fileName: string;
  bytes: Uint8Array;
};

/** Options of {@link zipExtension}. */
export type ZipExtensionInput = {
  /** The built extension (`apps/extension/dist`). */
  extensionDist: string;
  /** The server the copy talks to by default: written into `waymark-config.json`. */
  serverUrl: string;
};

const NOT_BUILT = 'The extension is not built on this server: run `npm run build`.';

/**
 * Zips the built extension with a `waymark-config.json` naming `serverUrl`, so the copy a
 * self-hosted server hands out needs no rebuild and no setting (issue 25). Answers NOT_FOUND
 * while the extension is not built.
 */
export function zipExtension({ extensionDist, serverUrl }: ZipExtensionInput): ExtensionZip {
  const manifestFile = path.join(extensionDist, 'manifest.json');
  if (!existsSync(manifestFile)) throw new AppError('NOT_FOUND', NOT_BUILT);
  const { version } = JSON.parse(readFileSync(manifestFile, 'utf8')) as { version: string };
  const files: Zippable = {};
  for (const relative of listFiles(extensionDist)) {
    files[relative] = readFileSync(path.join(extensionDist, relative));
  }
  files[EXTENSION_CONFIG_FILE] = new TextEncoder().encode(
    `${JSON.stringify({ serverUrl }, null, 2)}\n`,
  );
  return { fileName: `waymark-extension-${version}.zip`, bytes: zipSync(files, { level: 6 }) };
}

/** Every file under `root`, as zip paths (forward slashes); a stale copy of the config is left out. */
function listFiles(root: string, prefix = ''): string[] {
  return readdirSync(path.join(root, prefix)).flatMap((name) => {
    const relative = prefix === '' ? name : `${prefix}/${name}`;
    if (relative === EXTENSION_CONFIG_FILE) return [];
    return statSync(path.join(root, relative)).isDirectory()
      ? listFiles(root, relative)
      : [relative];
  });
}
