// Bundles the server into dist/main.js (and the backup/restore CLI into dist/backup.js): our own code and @waymark/core inlined, every
// runtime dependency of this package left external (resolved from node_modules at run time).
// `node build.mjs <folder>` writes to another folder one level below this one instead (the server
// tests' child servers start from such a bundle: src/paths.ts resolves the same from there).
import { readFile } from 'node:fs/promises';
import { build } from 'esbuild';

const pkg = JSON.parse(await readFile(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@waymark/'));

await build({
  entryPoints: {
    main: new URL('./src/main.ts', import.meta.url).pathname,
    backup: new URL('./src/backup/cli.ts', import.meta.url).pathname,
  },
  outdir: process.argv[2] ?? new URL('./dist', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  // Lets CommonJS code inlined into the ESM bundle call require().
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
