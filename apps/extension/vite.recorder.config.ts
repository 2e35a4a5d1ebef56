// Builds the page log recorder (issue 32) as one self-contained IIFE, page-recorder.js: it is
// registered with `scripting.registerContentScripts({ world: 'MAIN' })`, which cannot load ES
// module chunks. Kept apart from the content script: it runs in the page's own world.
import { defineConfig } from 'vite';
import { iifeBuild } from './vite.content.config';

export default defineConfig(
  iifeBuild('page-log/page-recorder.ts', 'waymarkPageRecorder', 'page-recorder.js'),
);
