import { Divider, Stack } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { CurrentPage } from './current-page';
import { PanelHeader } from './panel-header';
import { ServerStatus } from './server-status';

/** The side panel: the current page and the server connection; items arrive with issue 4. */
export function SidePanelApp() {
  const [queryClient] = useState(() => new QueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <Stack p="md" gap="md">
        <PanelHeader />
        <Divider />
        <Stack component="main" gap="md">
          <CurrentPage />
          <ServerStatus />
        </Stack>
      </Stack>
    </QueryClientProvider>
  );
}
