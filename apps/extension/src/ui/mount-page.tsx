import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { followBrowserColorScheme } from './color-scheme-manager';
import { cssVariablesResolver, theme } from './theme';

/** Renders an extension page into its `#root` element, inside the shared Mantine theme. */
export function mountPage(page: ReactNode): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  createRoot(container).render(
    <StrictMode>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        defaultColorScheme="auto"
        colorSchemeManager={followBrowserColorScheme}
      >
        {page}
      </MantineProvider>
    </StrictMode>,
  );
}
