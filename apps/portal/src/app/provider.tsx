import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ToastProvider } from '../components/toasts/toast-context';
import { cssVariablesResolver, theme } from './theme';

/** Props of {@link AppProvider}. */
export type AppProviderProps = {
  children: ReactNode;
  /** Mantine 'test' env turns off transitions and portals, for unit tests. */
  env?: 'default' | 'test';
  /** A query client to use instead of a fresh one (tests pass their own). */
  queryClient?: QueryClient;
};

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
  });
}

/** Mantine theme, the TanStack Query client and the toasts around the whole portal. */
export function AppProvider({ children, env = 'default', queryClient }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={env}>
      <QueryClientProvider client={client}>
        <ToastProvider>{children}</ToastProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
