import { Group, Loader, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import type { ActiveTabState } from '../shared/use-active-tab';

/** The address of the page the user is looking at, on one line (full address on hover). */
export function CurrentPage({ state }: { state: ActiveTabState }) {
  return (
    <Group component="section" gap={6} wrap="nowrap" aria-labelledby="current-page-heading" miw={0}>
      <IconWorld size={14} aria-hidden style={{ flex: 'none' }} />
      <VisuallyHidden>
        <Title order={2} id="current-page-heading">
          Current page
        </Title>
      </VisuallyHidden>
      {state.status === 'loading' && <Loader size="xs" aria-label="Finding the current page" />}
      {state.status === 'error' && (
        <Text c="red" size="sm">
          Waymark could not tell which page is open. Close and reopen the side panel.
        </Text>
      )}
      {state.status === 'ready' && (
        <Text
          size="xs"
          c="dimmed"
          truncate="end"
          title={state.tab?.url ?? undefined}
          data-testid="current-page-url"
        >
          {state.tab?.url ?? 'This tab shows no web page.'}
        </Text>
      )}
    </Group>
  );
}
