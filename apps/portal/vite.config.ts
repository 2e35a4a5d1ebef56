import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import PUBLIC_PAGES from './public/public-pages.json';
import { pageModulesOf } from './scripts/page-bundles.mjs';
import { chunkPackages } from './vite-plugins/chunk-packages';
import { preloadRouteChunks } from './vite-plugins/preload-route-chunks';

/**
 * Which modules the bundler must keep for their side effects, by module id; `undefined` leaves the
 * decision to the package's own `sideEffects` field (Mantine's keeps only its CSS).
 *
 * @waymark/core's modules and the portal's own modules only declare components, data and
 * functions, so a module nobody uses is dropped even when a barrel (a feature's index.ts)
 * re-exports it: without this, the public layout's `useAuthActions` import pulled the whole auth
 * feature — oidc-client-ts, the API route table, zod and TanStack Query, ~60 KB gzip — into every
 * public page (issue 34). The exceptions run code on import: the entry and the stylesheet imports.
 */
function declaredSideEffects(id: string): boolean | undefined {
  if (/[\\/]packages[\\/]core[\\/]src[\\/]/.test(id)) return false;
  const ownModule = /[\\/]apps[\\/]portal[\\/]src[\\/](.+)\.tsx?$/.exec(id);
  const ownPath = ownModule?.[1];
  if (ownPath !== undefined) return ownPath === 'main' || ownPath.startsWith('styles/');
  return undefined;
}

/**
 * The portal is served by apps/server under /client/ (ARCHITECTURE.md, "What runs"). Two
 * entries: the SPA (index.html) and the islands of the pre-rendered public pages
 * (src/islands/main.ts, issue 34). `vite build --ssr src/prerender/render-page.tsx`
 * (scripts/prerender.mjs) builds the renderer of those pages with the same config, for Node.
 */
export default defineConfig(({ isSsrBuild }) => ({
  base: '/client/',
  plugins: [react(), ...(isSsrBuild ? [] : clientPlugins())],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    // scripts/check-bundle.mjs and scripts/prerender.mjs read it.
    manifest: true,
    rolldownOptions: {
      ...(!isSsrBuild && { input: { index: 'index.html', islands: ISLANDS_ENTRY } }),
      treeshake: { moduleSideEffects: declaredSideEffects },
    },
  },
}));

/** The islands of the pre-rendered public pages (issue 34). */
const ISLANDS_ENTRY = 'src/islands/main.ts';

function clientPlugins() {
  return [
    chunkPackages(),
    preloadRouteChunks({
      base: '/client/',
      routes: {
        // The root and /home redirect to the landing page.
        '': pageModulesOf('/home/product-info'),
        '/home': pageModulesOf('/home/product-info'),
        ...Object.fromEntries(PUBLIC_PAGES.map((page) => [page, pageModulesOf(page)])),
      },
    }),
  ];
}
