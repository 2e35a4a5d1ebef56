import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/** Options of {@link preloadPanelCode}. */
export type PreloadPanelCodeOptions = {
  /** The page to add the hints to, e.g. `sidepanel.html`. */
  page: string;
  /** The source path (suffix) of the module the page's entry imports later, e.g. `app/mount-side-panel.tsx`. */
  lazyModule: string;
  /**
   * Modules that must not load before the panel is interactive (source paths matched by these
   * patterns, e.g. zod): the build fails naming each one found in that code and who imports it,
   * so a new import cannot put them back in front of the first click unnoticed (issue 34).
   */
  keepOut?: RegExp[];
  /**
   * The stylesheet (path from the package's root) that imports Mantine's layered per-component
   * styles for the first screen, e.g. `src/sidepanel/app/first-screen.css`: the build fails when
   * a Mantine component of the code run before interactive has a stylesheet not imported there
   * (docs/extension.md, "First paint", step 13).
   */
  firstScreenStyles?: string;
};

/** Where `@mantine/core` keeps its per-component stylesheets. */
const MANTINE_STYLES = join(
  dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.layer.css')),
  'styles',
);

/**
 * The Mantine components in `moduleIds` that have a stylesheet not imported by `stylesheet`'s
 * text (`@import '@mantine/core/styles/<Component>.layer.css'`).
 */
export function unstyledMantineComponents(moduleIds: string[], stylesheet: string): string[] {
  const components = new Set(
    moduleIds.flatMap((id) => /@mantine\/core\/esm\/components\/(\w+)\//.exec(id)?.[1] ?? []),
  );
  return [...components].filter(
    (name) =>
      existsSync(join(MANTINE_STYLES, `${name}.layer.css`)) &&
      !stylesheet.includes(`'@mantine/core/styles/${name}.layer.css'`),
  );
}

/** The lazily imported module's chunk and every chunk it imports, statically, in `bundle`. */
export function panelCodeChunks(bundle: OutputBundle, lazyModule: string): OutputChunk[] {
  const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  // A code-splitting group holding the module gives its chunk no facade.
  const lazy =
    chunks.find((chunk) => chunk.facadeModuleId?.endsWith(lazyModule)) ??
    chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith(lazyModule)));
  if (!lazy) throw new Error(`preload-panel-code: no chunk for ${lazyModule}`);
  const seen = new Map<string, OutputChunk>();
  const visit = (chunk: OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const imported of chunk.imports) {
      const next = byFile.get(imported);
      if (next) visit(next);
    }
  };
  visit(lazy);
  return [...seen.values()];
}

/** The id of the `<template>` holding the panel code's hints in the page (`sidepanel/main.tsx`). */
export const PANEL_CODE_HINTS_ID = 'panel-code-hints';

/**
 * Adds `<link rel="modulepreload">` (and `preload` for its CSS) for a module the page's entry
 * imports only later, and for every chunk it imports. The side panel's entry waits for the
 * worker's answer and the pre-paint's frame before it imports the panel's code (docs/extension.md,
 * "First paint"); with the hints the browser fetches and compiles that code during the wait
 * instead of after it, while running it still waits (issue 34). The hints sit inert in a
 * `<template id="panel-code-hints">` that the entry puts into the page right after sending its
 * first message: in the page itself, the ~25 files' responses and decoding held the main thread
 * before the entry ran, and the message left ~60 ms late (step 11). Fails the build when that
 * code carries a module of `keepOut`.
 */
export function preloadPanelCode({
  page,
  lazyModule,
  keepOut = [],
  firstScreenStyles,
}: PreloadPanelCodeOptions): Plugin {
  let root = process.cwd();
  return {
    name: 'waymark:preload-panel-code',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const moduleIds = panelCodeChunks(bundle, lazyModule).flatMap((chunk) => chunk.moduleIds);
      if (firstScreenStyles) {
        const stylesheet = readFileSync(join(root, firstScreenStyles), 'utf8');
        const unstyled = unstyledMantineComponents(moduleIds, stylesheet);
        if (unstyled.length > 0)
          this.error(
            `preload-panel-code: ${page} can render Mantine's ${unstyled.join(', ')} before it is interactive, but ${firstScreenStyles} does not import their styles (@mantine/core/styles/<Component>.layer.css, in the order of styles.layer.css).`,
          );
      }
      const kept = moduleIds.filter((id) => keepOut.some((rule) => rule.test(id)));
      if (kept.length === 0) return;
      // The modules outside the kept-out set that import one of them: what to change.
      const culprits = kept.flatMap((id) =>
        (this.getModuleInfo(id)?.importers ?? [])
          .filter((importer) => !keepOut.some((rule) => rule.test(importer)))
          .map((importer) => `${importer} imports ${id}`),
      );
      this.error(
        `preload-panel-code: the code ${page} runs before it is interactive carries ${kept.length} module(s) kept out of it: ${culprits.join('; ')}. Import plain values from a module without them (docs/extension.md, "First paint").`,
      );
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const { bundle } = context;
        if (!bundle || !context.filename.endsWith(page)) return html;
        const chunks = panelCodeChunks(bundle, lazyModule);
        const scripts = chunks.filter((chunk) => !html.includes(chunk.fileName));
        const styles = scripts.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]);
        const tags = [
          ...scripts.map(
            (chunk) => `<link rel="modulepreload" crossorigin href="/${chunk.fileName}">`,
          ),
          ...styles.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
        ];
        // Inert in a <template> until the entry has sent its first message (see above).
        const template = `<template id="${PANEL_CODE_HINTS_ID}">${tags.join('')}</template>`;
        return html.replace('</head>', `  ${template}\n  </head>`);
      },
    },
  };
}
