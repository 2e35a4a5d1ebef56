import type { Plugin } from 'vite';

/** Options of {@link preloadRouteChunks}. */
export type PreloadRouteChunksOptions = {
  /** The app's base path, e.g. `/client/`. */
  base: string;
  /** URL path (relative to base, no trailing slash) → the source paths of its lazy modules. */
  routes: Record<string, readonly string[]>;
};

/**
 * Adds an inline script to index.html that starts downloading the current page's lazy route
 * chunks in parallel with the main bundle, instead of after it has run (one network round trip
 * less before a public page can paint).
 */
export function preloadRouteChunks({ base, routes }: PreloadRouteChunksOptions): Plugin {
  return {
    name: 'waymark:preload-route-chunks',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const closure = (file: string, seen = new Set<string>()): Set<string> => {
        if (seen.has(file)) return seen;
        seen.add(file);
        const chunk = chunks.find((candidate) => candidate.fileName === file);
        for (const imported of chunk?.imports ?? []) closure(imported, seen);
        return seen;
      };
      // The SPA's entry (the build has a second one, the pre-rendered pages' islands).
      const spaEntry = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/src/main.tsx'));
      const entryFiles = closure(spaEntry?.fileName ?? '');
      const files: Record<string, string[]> = {};
      for (const [path, sources] of Object.entries(routes)) {
        const loaded = new Set<string>();
        for (const source of sources) {
          const chunk = chunks.find((candidate) => candidate.facadeModuleId?.endsWith(source));
          if (!chunk) throw new Error(`preload-route-chunks: no chunk for ${source}`);
          closure(chunk.fileName, loaded);
        }
        const scripts = [...loaded].filter((file) => !entryFiles.has(file));
        const styles = scripts.flatMap((file) => [
          ...(chunks.find((candidate) => candidate.fileName === file)?.viteMetadata?.importedCss ??
            []),
        ]);
        files[path] = [...scripts, ...styles];
      }
      const html = bundle['index.html'];
      if (html?.type !== 'asset' || typeof html.source !== 'string') return;
      const script = `<script>(function(){var m=${JSON.stringify(files)},p=location.pathname.slice(${base.length - 1}).replace(/\\/$/,'');(m[p]||[]).forEach(function(f){var l=document.createElement('link'),c=/\\.css$/.test(f);l.rel=c?'preload':'modulepreload';if(c)l.as='style';l.crossOrigin='';l.href='${base}'+f;document.head.appendChild(l)})})()</script>`;
      html.source = html.source.replace('</head>', `    ${script}\n  </head>`);
    },
  };
}
