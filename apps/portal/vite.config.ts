import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The portal is served by apps/server under /client/ (ARCHITECTURE.md, "What runs"). */
export default defineConfig({
  base: '/client/',
  plugins: [react()],
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
