// `npm start` runs this first: it builds the portal, the extension and the server when a build
// is missing or older than its sources, so the first start builds and later starts are instant.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CORE = ['packages/core/src'];

/** What each workspace builds from, and the file that proves a build happened. */
const TARGETS = [
  {
    workspace: '@waymark/portal',
    // The pre-rendered pages' list is written after the SPA and the pages (issue 34): a build
    // stopped half-way is built again.
    output: 'apps/portal/dist/pages/index.json',
    sources: [
      'apps/portal/src',
      'apps/portal/index.html',
      'apps/portal/vite.config.ts',
      'apps/portal/vite-plugins',
      'apps/portal/scripts',
      'apps/portal/public',
      ...CORE,
    ],
  },
  {
    workspace: '@waymark/extension',
    output: 'apps/extension/dist/manifest.json',
    sources: [
      'apps/extension/src',
      'apps/extension/public',
      'apps/extension/manifest.json',
      'apps/extension/package.json',
      'apps/extension/vite.config.ts',
      'apps/extension/vite.sidepanel.config.ts',
      'apps/extension/vite-plugins',
      ...CORE,
    ],
  },
  {
    workspace: '@waymark/server',
    output: 'apps/server/dist/main.js',
    sources: ['apps/server/src', 'apps/server/build.mjs', ...CORE],
  },
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

for (const target of TARGETS) {
  const output = join(ROOT, target.output);
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  const changed = Math.max(...target.sources.map((source) => newestMtime(join(ROOT, source))));
  if (built >= changed) continue;
  console.log(`Building ${target.workspace}…`);
  execSync(`npm run build -w ${target.workspace}`, { cwd: ROOT, stdio: 'inherit' });
}
