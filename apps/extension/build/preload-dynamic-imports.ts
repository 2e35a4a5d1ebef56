import type { Plugin } from 'vite';

type BundleChunk = {
  type: 'chunk';
  imports: string[];
  dynamicImports: string[];
  viteMetadata?: { importedCss: Set<string> };
};

/**
 * Lets a page's small entry import its real code dynamically without paying for it twice: the
 * HTML gets `modulepreload` links for every chunk the entry imports dynamically (and their static
 * imports), and `preload` links for their CSS, so the browser fetches and compiles them while
 * the entry runs. The side panel's entry asks the worker for its data first (docs/extension.md).
 */
export function preloadDynamicImports(pages: readonly string[]): Plugin {
  return {
    name: 'waymark-preload-dynamic-imports',
    apply: 'build',
    transformIndexHtml(html, context) {
      const { bundle, chunk: entry } = context;
      if (!bundle || !entry || !pages.some((page) => context.path.endsWith(page))) return html;
      const files = new Set<string>();
      const visit = (file: string) => {
        const chunk = bundle[file] as BundleChunk | undefined;
        if (files.has(file) || chunk?.type !== 'chunk') return;
        files.add(file);
        chunk.imports.forEach(visit);
      };
      entry.dynamicImports.forEach(visit);
      // What the entry's own script tag and its static imports load already.
      [entry.fileName, ...entry.imports].forEach((file) => files.delete(file));
      const styles = new Set(
        [...files].flatMap((file) => [
          ...((bundle[file] as BundleChunk).viteMetadata?.importedCss ?? []),
        ]),
      );
      return [
        ...[...files].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        })),
        ...[...styles].map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        })),
      ];
    },
  };
}
