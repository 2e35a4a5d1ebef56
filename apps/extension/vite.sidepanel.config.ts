// Builds the side panel page on its own, beside the first build's output (decision 0101): the
// code the panel runs before it is interactive is one chunk, cut from the panel's own module
// graph, which no other page loads — sharing chunks with the other pages put them in an import
// cycle (decision 0096).
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { defineConfig, type InlineConfig } from 'vite';
import { firstCodeModules } from './vite-plugins/first-code-chunk';
import { noChunkCycles } from './vite-plugins/no-chunk-cycles';
import { preloadPanelCode } from './vite-plugins/preload-panel-code';
import { themeCssVariablesInHtml } from './vite-plugins/theme-css-variables';

const root = import.meta.dirname;
const LAZY_MODULE = 'sidepanel/app/mount-side-panel.tsx';

const output = { entryFileNames: 'assets/[name]-[hash].js' };

/** The panel's build as the bundler would cut it by itself. */
const plainBuild: InlineConfig = {
  root,
  publicDir: false,
  plugins: [react()],
  build: {
    outDir: 'dist',
    // The first build has already filled dist/.
    emptyOutDir: false,
    target: 'chrome116',
    rolldownOptions: {
      input: { sidepanel: resolve(root, 'sidepanel.html') },
      output,
    },
  },
};

export default defineConfig(async () => {
  const firstCode = await firstCodeModules(plainBuild, 'sidepanel', LAZY_MODULE);
  return {
    ...plainBuild,
    plugins: [
      react(),
      noChunkCycles(),
      // Mantine's theme variables in the page, not computed by the first render (decision 0109).
      themeCssVariablesInHtml({ page: 'sidepanel.html', themeModule: 'src/ui/theme.ts' }),
      preloadPanelCode({
        page: 'sidepanel.html',
        lazyModule: LAZY_MODULE,
        // zod (~24 KB gzip) validates API answers, which the worker does; the panel's first click
        // does not need it (docs/extension.md, "First paint", step 9).
        // Mantine's unlayered whole stylesheet: the panel loads its first screen's component
        // styles (firstScreenStyles), and the whole file, layered, after the first frame (step 13).
        keepOut: [/\/node_modules\/zod\//, /@mantine\/core\/styles\.css$/],
        firstScreenStyles: 'src/sidepanel/app/first-screen.css',
      }),
    ],
    build: {
      ...plainBuild.build,
      rolldownOptions: {
        ...plainBuild.build?.rolldownOptions,
        output: {
          ...output,
          codeSplitting: {
            groups: [
              {
                name: 'panel-first-code',
                test: (id: string) => firstCode.has(id),
                // The set is already closed under static imports but for the entry's modules,
                // which must stay in the entry's chunks.
                includeDependenciesRecursively: false,
              },
            ],
          },
        },
      },
    },
  };
});
