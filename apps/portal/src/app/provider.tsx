import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastProvider } from '../components/toasts/toast-context';
import { cssVariablesResolver, theme } from './theme';

/** Props of {@link AppProvider}. */
export type AppProviderProps = {
  children: ReactNode;
  /** Mantine 'test' env turns off transitions and portals, for unit tests. */
  env?: 'default' | 'test';
  /**
   * A query client for the whole tree (tests pass their own). Without it, the routes that read
   * the API bring the portal's shared client themselves (layouts/query-layout.tsx), so the public
   * pages never load TanStack Query (issue 34).
   */
  queryClient?: QueryClient;
};

/** Mantine theme and the toasts around the whole portal, and a test's query client. */
export function AppProvider({ children, env = 'default', queryClient }: AppProviderProps) {
  const content = <ToastProvider>{children}</ToastProvider>;
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={env}>
      {queryClient ? (
        <QueryClientProvider client={queryClient}>{content}</QueryClientProvider>
      ) : (
        content
      )}
    </MantineProvider>
  );
}
