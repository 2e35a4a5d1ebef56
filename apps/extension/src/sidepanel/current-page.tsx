import { Loader, Stack, Text, Title } from '@mantine/core';
import type { ActiveTabState } from './use-active-tab';

/** The address of the page the user is looking at. */
export function CurrentPage({ state }: { state: ActiveTabState }) {
  return (
    <Stack component="section" gap={4} aria-labelledby="current-page-heading">
      <Title order={2} size="h5" id="current-page-heading">
        Current page
      </Title>
      {state.status === 'loading' && <Loader size="xs" aria-label="Finding the current page" />}
      {state.status === 'error' && (
        <Text c="red" size="sm">
          Waymark could not tell which page is open. Close and reopen the side panel.
        </Text>
      )}
      {state.status === 'ready' && (
        <Text size="sm" style={{ wordBreak: 'break-all' }} data-testid="current-page-url">
          {state.tab?.url ?? 'This tab shows no web page.'}
        </Text>
      )}
    </Stack>
  );
}
