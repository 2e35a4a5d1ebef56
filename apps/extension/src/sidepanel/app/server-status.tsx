import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { useChromeApi, useServerUrl } from '../../ui/index';
import type { LiveState } from '../../messaging/index';
import { useLiveState } from '../shared/data/use-page-snapshot';
import { useServerPing } from './use-server-ping';
import classes from '../shared/plain-layout.module.css';

/** What the header says of the shown project's live stream, after the server's address. */
const LIVE_LABELS: Record<LiveState, string> = {
  live: 'live updates on',
  connecting: 'connecting live updates…',
  offline: 'live updates paused',
};

/**
 * The connection in the header: a small dot while the server answers (its address and the
 * shown project's live updates on hover and for screen readers) — green when live, yellow while
 * live updates are down — a spinner while checking, a red dot when the server does not answer.
 * The hover text is the browser's (`title`): Mantine's Tooltip brought floating-ui into the
 * panel's first code and render for one line of text (issue 34).
 */
export function ConnectionIndicator() {
  const serverUrl = useServerUrl();
  const ping = useServerPing(serverUrl);
  const live = useLiveState();
  const isChecking = serverUrl === null || ping.isPending;
  const label = isChecking
    ? `Checking ${serverUrl ?? 'the server'}…`
    : ping.isSuccess
      ? `Connected to ${serverUrl}${live ? ` · ${LIVE_LABELS[live]}` : ''}`
      : `Cannot reach ${serverUrl}`;
  const colour = !ping.isSuccess ? 'red' : live === null || live === 'live' ? 'green' : 'yellow';
  return (
    <div
      className={classes.connection}
      role="status"
      aria-label={label}
      title={label}
      data-testid="connection"
    >
      {isChecking ? (
        <Loader size={10} />
      ) : (
        <span
          aria-hidden
          style={{
            width: 8,
            height: 8,
            borderRadius: '50%',
            background: `var(--mantine-color-${colour}-6)`,
          }}
        />
      )}
    </div>
  );
}

/** What is wrong with the server connection and where to fix it; nothing while it works. */
export function ServerStatus() {
  const api = useChromeApi();
  const serverUrl = useServerUrl();
  const ping = useServerPing(serverUrl);
  const openOptions = () => {
    api.runtime.openOptionsPage().catch((error) => console.error(error));
  };
  if (!ping.isError) return null;
  return (
    <Alert color="red" variant="light" role="alert" title="Cannot reach the Waymark server">
      <Text size="sm">
        Waymark could not reach {serverUrl}. Check that the server is running and that the server
        URL in Options is right.
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        {ping.error.message}
      </Text>
      <Group gap="xs" mt="sm">
        <Button size="xs" onClick={openOptions}>
          Open Options
        </Button>
        <Button size="xs" variant="default" onClick={() => void ping.refetch()}>
          Try again
        </Button>
      </Group>
    </Alert>
  );
}
