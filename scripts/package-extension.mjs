// `npm run package`: builds the extension, then writes one store-ready zip per store to
// apps/extension/packages/ (issue 25). The version comes from apps/extension/package.json.
import { execSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildStorePackages } from './lib/store-packages.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const EXTENSION = join(ROOT, 'apps/extension');
const DIST = join(EXTENSION, 'dist');
const OUT = join(EXTENSION, 'packages');

execSync('npm run build -w @waymark/extension', { cwd: ROOT, stdio: 'inherit' });
const { version } = JSON.parse(readFileSync(join(EXTENSION, 'package.json'), 'utf8'));
const files = Object.fromEntries(
  listFiles(DIST).map((file) => [relative(DIST, file).split('\\').join('/'), readFileSync(file)]),
);
mkdirSync(OUT, { recursive: true });
for (const { fileName, bytes } of buildStorePackages({ files, version })) {
  writeFileSync(join(OUT, fileName), bytes);
  console.log(`${relative(ROOT, join(OUT, fileName))} (${Math.round(bytes.byteLength / 1024)} kB)`);
}

function listFiles(folder) {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}
