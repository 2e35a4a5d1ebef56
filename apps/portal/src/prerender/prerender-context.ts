import { createContext } from 'react';

/** The title and description a page declares with `usePageMeta`. */
export type PageMeta = { title: string; description: string };

/**
 * Present only while the build renders a public page to HTML (render-page.tsx); null in the
 * browser. Effects do not run in `renderToString`, so `usePageMeta` hands the page's title and
 * description to it, and the top bar renders its menu's content for the menu island.
 */
export const PrerenderContext = createContext<{ setMeta: (meta: PageMeta) => void } | null>(null);
