import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { preloadRouteChunks } from './vite-plugins/preload-route-chunks';

/** The portal is served by apps/server under /client/ (ARCHITECTURE.md, "What runs"). */
export default defineConfig({
  base: '/client/',
  plugins: [
    react(),
    preloadRouteChunks({
      base: '/client/',
      routes: {
        '': 'src/app/routes/home/product-info.tsx',
        '/home': 'src/app/routes/home/product-info.tsx',
        '/home/product-info': 'src/app/routes/home/product-info.tsx',
        '/home/use-cases': 'src/app/routes/home/use-cases.tsx',
        '/home/plans-pricing': 'src/app/routes/home/plans-pricing.tsx',
        '/home/faq-page': 'src/app/routes/home/faq-page.tsx',
        '/home/about-us': 'src/app/routes/home/about-us.tsx',
        '/home/terms': 'src/app/routes/home/terms.tsx',
        '/user-guide': 'src/app/routes/user-guide.tsx',
        '/extension-welcome-page': 'src/app/routes/extension-welcome-page.tsx',
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
