// Builds the extension pages and the service worker into dist/; public/ (icons) is copied as is
// and manifest.json written with package.json's version, the one place it is set (issue 25).
// The content script needs a single IIFE file: see vite.content.config.ts. The side panel is
// built on its own after this build: see vite.sidepanel.config.ts.
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { noChunkCycles } from './vite-plugins/no-chunk-cycles';
import { preloadPanelCode } from './vite-plugins/preload-panel-code';

const root = import.meta.dirname;

/** Entry name → source; the service worker keeps a fixed name because the manifest names it. */
const ENTRIES = {
  options: resolve(root, 'options.html'),
  welcome: resolve(root, 'welcome.html'),
  annotate: resolve(root, 'annotate.html'),
  workspace: resolve(root, 'workspace.html'),
  offscreen: resolve(root, 'offscreen.html'),
  'service-worker': resolve(root, 'src/background/service-worker.ts'),
};

/** Emits `manifest.json` with the version of the extension's package.json. */
function manifestWithVersion(): Plugin {
  const readJson = (file: string) =>
    JSON.parse(readFileSync(resolve(root, file), 'utf8')) as object;
  return {
    name: 'waymark-manifest',
    generateBundle() {
      const { version } = readJson('package.json') as { version: string };
      const manifest = { ...readJson('manifest.json'), version };
      this.emitFile({
        type: 'asset',
        fileName: 'manifest.json',
        source: `${JSON.stringify(manifest, null, 2)}\n`,
      });
    },
  };
}

export default defineConfig({
  root,
  plugins: [
    react(),
    manifestWithVersion(),
    noChunkCycles(),
    // The workspace's entry asks for its first rows, then imports the page's code (issue 28).
    preloadPanelCode({
      page: 'workspace.html',
      lazyModule: 'workspace/mount-workspace.tsx',
      keepOut: [/\/node_modules\/zod\//],
    }),
  ],
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
