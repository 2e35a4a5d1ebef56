import type { Plugin } from 'vite';

/** Options of {@link preloadPanelCode}. */
export type PreloadPanelCodeOptions = {
  /** The page to add the hints to, e.g. `sidepanel.html`. */
  page: string;
  /** The source path (suffix) of the module the page's entry imports later, e.g. `app/mount-side-panel.tsx`. */
  lazyModule: string;
};

/**
 * Adds `<link rel="modulepreload">` (and `preload` for its CSS) for a module the page's entry
 * imports only later, and for every chunk it imports. The side panel's entry waits for the
 * worker's answer and the pre-paint's frame before it imports the panel's code (docs/extension.md,
 * "First paint"); with the hints the browser fetches and compiles that code during the wait
 * instead of after it, while running it still waits (issue 34).
 */
export function preloadPanelCode({ page, lazyModule }: PreloadPanelCodeOptions): Plugin {
  return {
    name: 'waymark:preload-panel-code',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const { bundle } = context;
        if (!bundle || !context.filename.endsWith(page)) return html;
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const lazy = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(lazyModule));
        if (!lazy) throw new Error(`preload-panel-code: no chunk for ${lazyModule}`);
        const closure = (file: string, seen = new Set<string>()): Set<string> => {
          if (seen.has(file)) return seen;
          seen.add(file);
          for (const imported of byFile.get(file)?.imports ?? []) closure(imported, seen);
          return seen;
        };
        const scripts = [...closure(lazy.fileName)].filter((file) => !html.includes(file));
        const styles = scripts.flatMap((file) => [
          ...(byFile.get(file)?.viteMetadata?.importedCss ?? []),
        ]);
        const tags = [
          ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
          ...styles.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
        ];
        return html.replace('</head>', `  ${tags.join('\n    ')}\n  </head>`);
      },
    },
  };
}
