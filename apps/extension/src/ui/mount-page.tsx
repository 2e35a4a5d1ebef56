import { MantineProvider } from '@mantine/core';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { followBrowserColorScheme } from './color-scheme-manager';
import { cssVariablesResolver, theme } from './theme';

/** How a page is mounted. */
export type MountOptions = {
  /**
   * The page's HTML already holds the theme's CSS variables, written at build time
   * (vite-plugins/theme-css-variables.ts): Mantine's provider does not compute and insert them
   * in the first render (decision 0109).
   */
  cssVariablesInPage?: boolean;
};

/**
 * Renders an extension page into its `#root` element, inside the shared Mantine theme. The page's
 * entry imports Mantine's stylesheet itself: the side panel loads it in two parts, the first
 * screen's components first (docs/extension.md, "First paint", step 13), the other pages whole.
 */
export function mountPage(
  page: ReactNode,
  { cssVariablesInPage = false }: MountOptions = {},
): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  createRoot(container).render(
    <StrictMode>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        defaultColorScheme="auto"
        colorSchemeManager={followBrowserColorScheme}
        withCssVariables={!cssVariablesInPage}
      >
        {page}
      </MantineProvider>
    </StrictMode>,
  );
}
