import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useChromeApi, useServerUrl } from '../ui/index';
import { useServerPing } from './use-server-ping';

/** Whether the configured Waymark server answers, and where to fix it when it does not. */
export function ServerStatus() {
  const api = useChromeApi();
  const serverUrl = useServerUrl();
  const ping = useServerPing(serverUrl);
  const openOptions = () => {
    api.runtime.openOptionsPage().catch((error) => console.error(error));
  };
  return (
    <Stack component="section" gap={4} aria-labelledby="server-heading">
      <Title order={2} size="h5" id="server-heading">
        Server
      </Title>
      {(serverUrl === null || ping.isPending) && (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm">Checking {serverUrl ?? 'the server'}…</Text>
        </Group>
      )}
      {ping.isSuccess && (
        <Alert color="green" variant="light" role="status">
          Connected to {serverUrl}
        </Alert>
      )}
      {ping.isError && (
        <Alert color="red" variant="light" role="alert" title="Cannot reach the Waymark server">
          <Text size="sm">
            Waymark could not reach {serverUrl}. Check that the server is running and that the
            server URL in Options is right.
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
      )}
    </Stack>
  );
}
