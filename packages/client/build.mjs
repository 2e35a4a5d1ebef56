// Builds the publishable package (docs/api.md "The TypeScript client"): dist/index.js, one ES
// module with @waymark/core's pieces inlined (core is not published), and dist/index.d.ts, the
// declarations with core's types inlined the same way (tsconfig.build.json maps @waymark/core to
// its source, so the generator takes it as this package's own code). zod and the MCP SDK stay dependencies.
import { rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { generateDtsBundle } from 'dts-bundle-generator';
import { build } from 'esbuild';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const external = ['zod', '@modelcontextprotocol/sdk'];

await rm(here('./dist'), { recursive: true, force: true });
await build({
  entryPoints: [here('./src/index.ts')],
  outfile: here('./dist/index.js'),
  bundle: true,
  // Browsers, Node, Deno, workers: only fetch is needed.
  platform: 'neutral',
  format: 'esm',
  target: 'es2022',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
const [declarations] = generateDtsBundle(
  [
    {
      filePath: here('./src/index.ts'),
      output: { noBanner: true, exportReferencedTypes: false },
    },
  ],
  { preferredConfigPath: here('./tsconfig.build.json') },
);
await writeFile(here('./dist/index.d.ts'), declarations);
