// Measures the JavaScript each public page loads (issue 5: under 200 KB gzip, no admin-area code;
// issue 34: none of the sign-in, API-shape or query libraries) from the Vite build manifest,
// prints a table and exits 1 when a page breaks a rule.
// Run after `vite build`: `npm run check:bundle -w @waymark/portal`.
import { measurePublicPages, PUBLIC_PAGE_FORBIDDEN_PACKAGES } from './page-bundles.mjs';

const LIMIT_BYTES = 200 * 1024;

let failures = 0;
const rows = [];
for (const {
  page,
  gzipBytes,
  chunkCount,
  adminChunks,
  forbiddenPackages: forbidden,
} of measurePublicPages()) {
  const isOk = gzipBytes < LIMIT_BYTES && adminChunks.length === 0 && forbidden.length === 0;
  if (!isOk) failures += 1;
  rows.push({
    page,
    'JS gzip KB': (gzipBytes / 1024).toFixed(1),
    chunks: chunkCount,
    'admin chunks': adminChunks.join(', ') || 'none',
    'forbidden packages': forbidden.join(', ') || 'none',
    ok: isOk ? 'yes' : 'NO',
  });
}
console.table(rows);
if (failures > 0) {
  console.error(
    `${failures} public page(s) exceed ${LIMIT_BYTES / 1024} KB gzip or load admin code or ` +
      `${PUBLIC_PAGE_FORBIDDEN_PACKAGES.join(', ')}.`,
  );
  process.exit(1);
}
