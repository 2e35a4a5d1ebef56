import type { Plugin } from 'vite';

/** Where the plugin writes its record, beside Vite's manifest (never served: precompress.mjs). */
export const CHUNK_PACKAGES_FILE = '.vite/chunk-packages.json';

/**
 * The npm package a module id belongs to (`react-dom`, `@mantine/core`), or `own` for the
 * workspace's code (the portal and @waymark/core).
 */
export function packageOf(moduleId: string): string {
  const match = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(
    moduleId.split('?')[0] ?? moduleId,
  );
  return match?.[1] ? match[1].replace('\\', '/') : 'own';
}

/**
 * Writes `dist/.vite/chunk-packages.json`: for each JavaScript chunk, the rendered bytes of each
 * package in it. Vite's manifest names chunks but not their contents; with this record
 * scripts/page-bundles.mjs can say which libraries a public page loads, so a change that drags
 * the sign-in library or zod back into the public pages (issue 34) fails a check, not a guess.
 */
export function chunkPackages(): Plugin {
  return {
    name: 'waymark:chunk-packages',
    apply: 'build',
    generateBundle(_options, bundle) {
      const record: Record<string, Record<string, number>> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const sizes: Record<string, number> = {};
        for (const [id, module] of Object.entries(output.modules)) {
          const name = packageOf(id);
          sizes[name] = (sizes[name] ?? 0) + module.renderedLength;
        }
        record[output.fileName] = sizes;
      }
      this.emitFile({
        type: 'asset',
        fileName: CHUNK_PACKAGES_FILE,
        source: `${JSON.stringify(record, null, 2)}\n`,
      });
    },
  };
}
