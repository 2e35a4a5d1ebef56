// Builds the page log recorder (issue 32) as one self-contained IIFE, page-recorder.js: it is
// registered with `scripting.registerContentScripts({ world: 'MAIN' })`, which cannot load ES
// module chunks. Kept apart from the content script: it runs in the page's own world.
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
      entry: resolve(root, 'src/page-log/page-recorder.ts'),
      formats: ['iife'],
      name: 'waymarkPageRecorder',
      fileName: () => 'page-recorder.js',
    },
  },
});
