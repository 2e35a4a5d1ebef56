// Measures the JavaScript each public page loads (issue 5: under 200 KB gzip, no admin-area code;
// issue 34: none of the sign-in, API-shape or query libraries, and a pre-rendered page at most
// 100 KB) from the Vite build manifest, prints a table and exits 1 when a page breaks a rule.
// The install page keeps the SPA (a signed-in member's next steps) and issue 5's limit.
// Run after `vite build`: `npm run check:bundle -w @waymark/portal`.
import { measurePublicPages, PUBLIC_PAGE_FORBIDDEN_PACKAGES } from './page-bundles.mjs';

const SPA_LIMIT_BYTES = 200 * 1024;
const PRERENDERED_LIMIT_BYTES = 100 * 1024;

let failures = 0;
const rows = [];
for (const {
  page,
  isPrerendered,
  gzipBytes,
  chunkCount,
  adminChunks,
  forbiddenPackages: forbidden,
} of measurePublicPages()) {
  const limit = isPrerendered ? PRERENDERED_LIMIT_BYTES : SPA_LIMIT_BYTES;
  const isOk = gzipBytes <= limit && adminChunks.length === 0 && forbidden.length === 0;
  if (!isOk) failures += 1;
  rows.push({
    page,
    delivery: isPrerendered ? 'pre-rendered' : 'SPA',
    'limit KB': limit / 1024,
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
    `${failures} public page(s) exceed their limit (pre-rendered ${PRERENDERED_LIMIT_BYTES / 1024} KB, ` +
      `SPA ${SPA_LIMIT_BYTES / 1024} KB gzip) or load admin code or ` +
      `${PUBLIC_PAGE_FORBIDDEN_PACKAGES.join(', ')}.`,
  );
  process.exit(1);
}
