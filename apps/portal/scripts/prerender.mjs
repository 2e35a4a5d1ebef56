// Pre-renders the public pages (issue 34): each page's HTML, painted as the React portal paints it,
// with the page's own title, description and stylesheets and the islands script instead of the
// SPA (React, React Router, Mantine's JavaScript). Written to dist/pages/<path>.html; the server
// answers each public address with its file (apps/server/src/http/portal-shell.ts).
// Run after `vite build` and before scripts/precompress.mjs (the portal's `build` script).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { writeCompressedCopies } from './compressed-copies.mjs';
import {
  ISLANDS_ENTRY,
  pageModulesOf,
  PORTAL_DIST,
  PRERENDERED_PAGES_DIR,
  readManifest,
  readPrerenderedPages,
  staticClosure,
} from './page-bundles.mjs';

const PORTAL = join(PORTAL_DIST, '..');
const RENDERER_DIR = join(PORTAL_DIST, '.prerender');
const BASE = '/client/';

/** Builds src/prerender/render-page.tsx for Node and returns its `renderPage`. */
async function loadRenderer() {
  await build({
    root: PORTAL,
    logLevel: 'warn',
    build: {
      ssr: 'src/prerender/render-page.tsx',
      outDir: RENDERER_DIR,
      emptyOutDir: true,
      manifest: false,
    },
  });
  const module = await import(pathToFileURL(join(RENDERER_DIR, 'render-page.js')).href);
  return module.renderPage;
}

const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The stylesheets a page needs: the SPA entry's (Mantine, layouts) and its route chunks'. */
function stylesheetsOf(manifest, page) {
  const keys = pageModulesOf(page).reduce(
    (seen, start) => staticClosure(manifest, start, seen),
    staticClosure(manifest, ISLANDS_ENTRY, staticClosure(manifest, 'index.html')),
  );
  return [...new Set([...keys].flatMap((key) => manifest[key].css ?? []))];
}

/**
 * index.html made into one page: no inline scripts (the zod setting and the route preloader
 * are for the SPA), no SPA entry or preloads, the page's title, description, stylesheets and
 * islands, Mantine's light scheme on `<html>` (what MantineProvider sets from script), and the
 * rendered markup in `#root`.
 */
function pageHtml(template, { html, meta }, stylesheets, islandsFile) {
  const head = [
    ...stylesheets.map((file) => `<link rel="stylesheet" crossorigin href="${BASE}${file}">`),
    `<script type="module" crossorigin src="${BASE}${islandsFile}"></script>`,
  ].join('\n    ');
  const page = template
    .replace('<html lang="en">', '<html lang="en" data-mantine-color-scheme="light">')
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>\s*/g, '')
    .replace(/<!--[\s\S]*?-->\s*/g, '')
    .replace(/<link rel="(?:modulepreload|stylesheet)"[^>]*>\s*/g, '')
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(meta.title)}</title>`)
    .replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    )
    .replace('</head>', `  ${head}\n  </head>`)
    .replace(/<div id="root">[\s\S]*<\/div>\s*<\/body>/, `<div id="root">${html}</div>\n  </body>`);
  if (!page.includes(html)) throw new Error('prerender: index.html has no #root to fill');
  if (!page.includes(meta.title)) throw new Error('prerender: index.html has no <title>');
  return page;
}

const renderPage = await loadRenderer();
const manifest = readManifest();
const template = readFileSync(join(PORTAL_DIST, 'index.html'), 'utf8');
const islandsFile = manifest[ISLANDS_ENTRY].file;
rmSync(PRERENDERED_PAGES_DIR, { recursive: true, force: true });
const pages = readPrerenderedPages();
for (const page of pages) {
  const rendered = await renderPage(page);
  const file = join(PRERENDERED_PAGES_DIR, `${page}.html`);
  mkdirSync(dirname(file), { recursive: true });
  const html = Buffer.from(
    pageHtml(template, rendered, stylesheetsOf(manifest, page), islandsFile),
  );
  writeFileSync(file, html);
  writeCompressedCopies(file, html);
}
writeFileSync(join(PRERENDERED_PAGES_DIR, 'index.json'), JSON.stringify(pages));
rmSync(RENDERER_DIR, { recursive: true, force: true });
console.log(`prerender: ${pages.length} public pages → dist/pages/`);
