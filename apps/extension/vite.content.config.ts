// Builds the content script as one self-contained IIFE: scripts injected with
// `chrome.scripting.executeScript({ files })` cannot load ES module chunks.
import { resolve } from 'node:path';
import { defineConfig, type UserConfig } from 'vite';

const root = import.meta.dirname;

/** A build of `entry` (under src/) into dist/`fileName` as one IIFE, beside the first build's output. */
export function iifeBuild(entry: string, name: string, fileName: string): UserConfig {
  return {
    root,
    publicDir: false,
    build: {
      outDir: 'dist',
      // The first build has already filled dist/.
      emptyOutDir: false,
      target: 'chrome116',
      lib: {
        entry: resolve(root, 'src', entry),
        formats: ['iife'],
        name,
        fileName: () => fileName,
      },
    },
  };
}

export default defineConfig(
  iifeBuild('content/content-script.ts', 'waymarkContentScript', 'content-script.js'),
);
