import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import PUBLIC_PAGES from './public/public-pages.json';
import { preloadRouteChunks } from './vite-plugins/preload-route-chunks';

/** Public page path → its route module (`src/app/routes` + the path; one file per page). */
const routeModuleOf = (page: string) => `src/app/routes${page}.tsx`;

/** The portal is served by apps/server under /client/ (ARCHITECTURE.md, "What runs"). */
export default defineConfig({
  base: '/client/',
  plugins: [
    react(),
    preloadRouteChunks({
      base: '/client/',
      routes: {
        // The root and /home redirect to the landing page.
        '': routeModuleOf('/home/product-info'),
        '/home': routeModuleOf('/home/product-info'),
        ...Object.fromEntries(PUBLIC_PAGES.map((page) => [page, routeModuleOf(page)])),
      },
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    // scripts/check-bundle.mjs reads it to measure what each public page loads.
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // @waymark/core's modules only declare data and functions; marking them side-effect free
        // lets the public pages take constants and plans without the API route table and zod.
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]core[\\/]src[\\/]/.test(id),
      },
    },
  },
});
