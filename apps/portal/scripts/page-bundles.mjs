// What each public page of the built portal loads, read from the Vite build manifest: shared by
// scripts/check-bundle.mjs (issue 5: under 200 KB gzip, no admin-area code), the Lighthouse
// benchmark (bench/lighthouse.ts) and the e2e tests (e2e/public-pages.spec.ts).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const PORTAL = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The built portal. */
export const PORTAL_DIST = join(PORTAL, 'dist');
const ADMIN_ROUTES = 'src/app/routes/app/';

/** The public pages (router paths, e.g. `/home/faq-page`), from `public/public-pages.json`. */
export function readPublicPages() {
  return JSON.parse(readFileSync(join(PORTAL, 'public', 'public-pages.json'), 'utf8'));
}

/** The entry of the pre-rendered pages' islands (vite.config.ts), a manifest key. */
export const ISLANDS_ENTRY = 'src/islands/main.ts';
/** Where scripts/prerender.mjs writes the pre-rendered pages: `pages/home/faq-page.html`. */
export const PRERENDERED_PAGES_DIR = join(PORTAL_DIST, 'pages');

// Public pages that keep the SPA: the install page shows a signed-in member their organization's
// next steps from the API (issue 34). Every other public page is pre-rendered.
const SPA_PUBLIC_PAGES = ['/install-extension'];

/** The public pages the build pre-renders (scripts/prerender.mjs). */
export function readPrerenderedPages() {
  return readPublicPages().filter((page) => !SPA_PUBLIC_PAGES.includes(page));
}

/** A public page's route module: `src/app/routes<path>.tsx`. */
export const routeModuleOf = (page) => `src/app/routes${page}.tsx`;

// Lazy layouts a public page loads besides its route module (src/app/routes.tsx): the install
// page shows a signed-in member their organization, so it brings the query cache.
const LAYOUT_MODULES = { '/install-extension': ['src/app/layouts/query-layout.tsx'] };
const QUERY_LAYOUT_PACKAGES = ['@tanstack/query-core'];

/** The lazy modules a public page loads: its route module and any lazy layout around it. */
export const pageModulesOf = (page) => [routeModuleOf(page), ...(LAYOUT_MODULES[page] ?? [])];

/** The Vite build manifest of the built portal. */
export const readManifest = () =>
  JSON.parse(readFileSync(join(PORTAL_DIST, '.vite', 'manifest.json'), 'utf8'));

/**
 * Libraries a public page must not load (issue 34): sign-in (loaded on the Log In / Sign Up
 * click), the API's shapes and the query cache belong to the screens behind sign-in.
 */
export const PUBLIC_PAGE_FORBIDDEN_PACKAGES = ['oidc-client-ts', 'zod', '@tanstack/query-core'];

/**
 * The npm packages in each built JavaScript file (`assets/index-x1.js` → `['react-dom', …]`, `own`
 * for the workspace's code), from the record vite-plugins/chunk-packages.ts writes.
 */
export function readChunkPackages() {
  const record = JSON.parse(
    readFileSync(join(PORTAL_DIST, '.vite', 'chunk-packages.json'), 'utf8'),
  );
  return new Map(Object.entries(record).map(([file, sizes]) => [file, Object.keys(sizes)]));
}

const isAdminRoute = (key, chunk) =>
  key.startsWith(ADMIN_ROUTES) || (chunk.src ?? '').startsWith(ADMIN_ROUTES);

/** Keys of every chunk loaded statically from `start`, `start` included. */
export function staticClosure(manifest, start, seen = new Set()) {
  if (seen.has(start)) return seen;
  seen.add(start);
  for (const key of manifest[start]?.imports ?? []) staticClosure(manifest, key, seen);
  return seen;
}

/**
 * Each public page: the JavaScript it loads (gzip bytes, chunks), any admin route among it, the
 * packages in it and those of {@link PUBLIC_PAGE_FORBIDDEN_PACKAGES} it has no reason to load.
 */
export function measurePublicPages() {
  const manifest = readManifest();
  const chunkPackages = readChunkPackages();
  const gzipSize = (file) => gzipSync(readFileSync(join(PORTAL_DIST, file))).length;
  const prerendered = new Set(readPrerenderedPages());
  return readPublicPages().map((page) => {
    const routeModule = routeModuleOf(page);
    if (!manifest[routeModule]) throw new Error(`${routeModule} is not in the build manifest`);
    const isPrerendered = prerendered.has(page);
    // A pre-rendered page loads the islands only; an SPA page the entry and its route chunks.
    const keys = isPrerendered
      ? [...staticClosure(manifest, ISLANDS_ENTRY)]
      : [
          ...pageModulesOf(page).reduce(
            (seen, start) => staticClosure(manifest, start, seen),
            staticClosure(manifest, 'index.html'),
          ),
        ];
    const packages = [
      ...new Set(keys.flatMap((key) => chunkPackages.get(manifest[key].file) ?? [])),
    ].sort();
    const allowed = LAYOUT_MODULES[page] ? QUERY_LAYOUT_PACKAGES : [];
    return {
      page,
      isPrerendered,
      gzipBytes: keys.reduce((sum, key) => sum + gzipSize(manifest[key].file), 0),
      chunkCount: keys.length,
      adminChunks: keys.filter((key) => isAdminRoute(key, manifest[key])),
      packages,
      forbiddenPackages: packages.filter(
        (name) => PUBLIC_PAGE_FORBIDDEN_PACKAGES.includes(name) && !allowed.includes(name),
      ),
    };
  });
}

/**
 * The built files (JS and CSS, relative to dist, e.g. `assets/users-x1.js`) that belong to the
 * admin area: the admin route chunks and every chunk only they load. A public page that requests
 * one of these loads admin code.
 */
export function listAdminAreaFiles() {
  const manifest = readManifest();
  const entries = Object.entries(manifest);
  const adminKeys = new Set();
  const otherKeys = staticClosure(manifest, 'index.html');
  for (const [key, chunk] of entries) {
    if (!chunk.isDynamicEntry) continue;
    staticClosure(manifest, key, isAdminRoute(key, chunk) ? adminKeys : otherKeys);
  }
  const files = new Set();
  for (const [key, chunk] of entries) {
    if (isAdminRoute(key, chunk) || (adminKeys.has(key) && !otherKeys.has(key))) {
      for (const file of [chunk.file, ...(chunk.css ?? [])]) files.add(file);
    }
  }
  return files;
}
