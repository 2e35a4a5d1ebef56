// The store-ready zips of the built extension (issue 25), made by `npm run package`.
import { zipSync } from 'fflate';

/** The stores the extension is published to, and the name of each one's upload. */
export const STORES = ['chrome-web-store', 'edge-add-ons'];

/** What only a server's own copy carries (apps/server/src/modules/extension). */
const SERVER_COPY_FILES = new Set(['waymark-config.json']);

/**
 * One zip per store from the built extension's files. Both stores refuse a manifest `key` (they
 * assign the id themselves) and take the same files otherwise; the version must be the one
 * package.json sets, so a stale build is never uploaded.
 *
 * @param {{ files: Record<string, Uint8Array>, version: string }} input `files` by zip path.
 * @returns {{ fileName: string, bytes: Uint8Array }[]}
 */
export function buildStorePackages({ files, version }) {
  const manifestBytes = files['manifest.json'];
  if (!manifestBytes) throw new Error('The extension is not built: run `npm run build` first.');
  const { key: _key, ...manifest } = JSON.parse(new TextDecoder().decode(manifestBytes));
  if (manifest.version !== version) {
    throw new Error(
      `The built manifest says ${manifest.version}, package.json says ${version}: rebuild the extension.`,
    );
  }
  const kept = Object.fromEntries(
    Object.entries(files).filter(([name]) => !SERVER_COPY_FILES.has(name)),
  );
  kept['manifest.json'] = new TextEncoder().encode(`${JSON.stringify(manifest, null, 2)}\n`);
  const bytes = zipSync(kept, { level: 9 });
  return STORES.map((store) => ({ fileName: `waymark-${store}-${version}.zip`, bytes }));
}
