// Measures the JavaScript each public page loads (issue 5: under 200 KB gzip, no admin-area code)
// from the Vite build manifest, prints a table and exits 1 when a page breaks either rule.
// Run after `vite build`: `npm run check:bundle -w @waymark/portal`.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const LIMIT_BYTES = 200 * 1024;
const DIST = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
// The public pages (the same list feeds vite.config.ts, the sitemap and the e2e tests); each page's
// route module is `src/app/routes<path>.tsx`.
const PUBLIC_PAGES = Object.fromEntries(
  JSON.parse(readFileSync(join(DIST, '..', 'public', 'public-pages.json'), 'utf8')).map((page) => [
    page,
    `src/app/routes${page}.tsx`,
  ]),
);
const isAdminChunk = (key, chunk) =>
  key.startsWith('src/app/routes/app/') || (chunk.src ?? '').startsWith('src/app/routes/app/');

const manifest = JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8'));
const gzipSize = (file) => gzipSync(readFileSync(join(DIST, file))).length;

/** Keys of every chunk loaded statically from `start`, `start` included. */
function staticClosure(start, seen = new Set()) {
  if (seen.has(start)) return seen;
  seen.add(start);
  for (const key of manifest[start]?.imports ?? []) staticClosure(key, seen);
  return seen;
}

let failures = 0;
const rows = [];
for (const [page, routeModule] of Object.entries(PUBLIC_PAGES)) {
  if (!manifest[routeModule]) throw new Error(`${routeModule} is not in the build manifest`);
  const keys = staticClosure(routeModule, staticClosure('index.html'));
  const adminChunks = [...keys].filter((key) => isAdminChunk(key, manifest[key]));
  const bytes = [...keys].reduce((sum, key) => sum + gzipSize(manifest[key].file), 0);
  const isOk = bytes < LIMIT_BYTES && adminChunks.length === 0;
  if (!isOk) failures += 1;
  rows.push({
    page,
    'JS gzip KB': (bytes / 1024).toFixed(1),
    chunks: keys.size,
    'admin chunks': adminChunks.join(', ') || 'none',
    ok: isOk ? 'yes' : 'NO',
  });
}
console.table(rows);
if (failures > 0) {
  console.error(
    `${failures} public page(s) exceed ${LIMIT_BYTES / 1024} KB gzip or load admin code.`,
  );
  process.exit(1);
}
