import { Divider, Stack } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { isAppError } from '@waymark/core';
import { useState } from 'react';
import { CurrentPage } from './current-page';
import { PanelHeader } from './panel-header';
import { ServerStatus } from './server-status';
import { useActiveTab } from './use-active-tab';
import { Workspace } from './workspace';

/** Retry a failed query once, but never an answer the server gave on purpose (4xx). */
function shouldRetry(failureCount: number, error: Error): boolean {
  if (isAppError(error) && error.statusCode < 500) return false;
  return failureCount < 1;
}

/** The side panel: the current page, its project and items, and the server connection. */
export function SidePanelApp() {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: shouldRetry } } }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <PanelBody />
    </QueryClientProvider>
  );
}

function PanelBody() {
  const tabState = useActiveTab();
  return (
    <Stack p="md" gap="md">
      <PanelHeader />
      <Divider />
      <Stack component="main" gap="md">
        <CurrentPage state={tabState} />
        <Workspace tabState={tabState} />
        <ServerStatus />
      </Stack>
    </Stack>
  );
}
