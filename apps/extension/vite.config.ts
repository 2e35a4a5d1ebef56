// Builds the extension pages and the service worker into dist/; public/ (manifest, icons) is
// copied as is. The content script needs a single IIFE file: see vite.content.config.ts.
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const root = import.meta.dirname;

/** Entry name → source; the service worker keeps a fixed name because the manifest names it. */
const ENTRIES = {
  sidepanel: resolve(root, 'sidepanel.html'),
  options: resolve(root, 'options.html'),
  welcome: resolve(root, 'welcome.html'),
  'service-worker': resolve(root, 'src/background/service-worker.ts'),
};

export default defineConfig({
  root,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'chrome116',
    rolldownOptions: {
      input: ENTRIES,
      output: {
        entryFileNames: (chunk) =>
          chunk.name === 'service-worker' ? 'service-worker.js' : 'assets/[name]-[hash].js',
      },
    },
  },
});
