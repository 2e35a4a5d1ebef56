// Builds the content script as one self-contained IIFE: scripts injected with
// `chrome.scripting.executeScript({ files })` cannot load ES module chunks.
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const root = import.meta.dirname;

export default defineConfig({
  root,
  publicDir: false,
  build: {
    outDir: 'dist',
    // The first build has already filled dist/.
    emptyOutDir: false,
    target: 'chrome116',
    lib: {
      entry: resolve(root, 'src/content/content-script.ts'),
      formats: ['iife'],
      name: 'waymarkContentScript',
      fileName: () => 'content-script.js',
    },
  },
});
