import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { isAppError } from '@waymark/core';
import { useState } from 'react';
import type { PanelStart } from '../../messaging/index';
import { CurrentPage } from './current-page';
import { seedPanelStart } from '../shared/data/seed-panel-start';
import { UndoProvider } from '../features/items/index';
import { SignedInInbox } from './signed-in-inbox';
import { PanelMenu } from './menu/panel-menu';
import { PanelHeader } from './panel-header';
import { ConnectionIndicator, ServerStatus } from './server-status';
import { useActiveTab } from '../shared/use-active-tab';
import { Workspace } from './workspace';
import { CurrentProjectProvider } from './current-project';
import classes from '../shared/plain-layout.module.css';

/** Retry a failed query once, but never an answer the server gave on purpose (4xx). */
function shouldRetry(failureCount: number, error: Error): boolean {
  if (isAppError(error) && error.statusCode < 500) return false;
  return failureCount < 1;
}

/**
 * The side panel: the current page, its project and items, and the server connection. `start`
 * is what the worker already held when the panel opened: painted at once, then revalidated.
 */
export function SidePanelApp({ start = null }: { start?: PanelStart | null }) {
  const [queryClient] = useState(() => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: shouldRetry } } });
    if (start) seedPanelStart(client, start);
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <UndoProvider>
        <CurrentProjectProvider>
          <PanelBody start={start} />
        </CurrentProjectProvider>
      </UndoProvider>
    </QueryClientProvider>
  );
}

function PanelBody({ start }: { start: PanelStart | null }) {
  const tabState = useActiveTab(window.location.search, start);
  return (
    // Dense on purpose (issue 16): at 420 × 720 the list starts about 200 px down.
    <div className={classes.panel}>
      <PanelHeader>
        <SignedInInbox />
        <ConnectionIndicator />
        <PanelMenu />
      </PanelHeader>
      <ServerStatus />
      <main className={classes.stack}>
        <CurrentPage state={tabState} />
        <Workspace tabState={tabState} />
      </main>
    </div>
  );
}
