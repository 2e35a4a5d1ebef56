import { Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  routes,
  TRACKER_VENDOR_NAMES,
  type TTrackerConnection,
  type TTrackerConnectInput,
  type TTrackerStateMapping,
} from '@waymark/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useBanner } from '../../../components/banner/use-banner';
import { Panel } from '../../../components/panel/panel';
import { apiClient } from '../../../lib/api-client';
import { getErrorMessage } from '../../../lib/error-message';
import {
  orgStatusesQuery,
  trackerConnectionsQuery,
  trackerKeys,
  trackerMappingQuery,
} from '../api/tracker-queries';
import { StateMappingForm } from './state-mapping-form';
import { TrackerConnectForm } from './tracker-connect-form';
import { TrackerSetupDialog } from './tracker-setup-dialog';

/**
 * The Integrations screen's issue trackers (issue 30): connect GitHub (the token checked, the
 * webhook to add shown once), the connections with their webhook URL, disconnect, and the state
 * mapping.
 */
export function TrackersSection({ orgId }: { orgId: number }) {
  const queryClient = useQueryClient();
  const { showBanner } = useBanner();
  const connections = useQuery(trackerConnectionsQuery(orgId));
  const mapping = useQuery(trackerMappingQuery(orgId));
  const statuses = useQuery(orgStatusesQuery(orgId));
  const [created, setCreated] = useState<(TTrackerConnection & { webhookSecret: string }) | null>(
    null,
  );
  const onError = (error: unknown) => showBanner(getErrorMessage(error), 'error');
  const connect = useMutation({
    mutationFn: (body: TTrackerConnectInput) =>
      apiClient.call(routes.connectTracker, { params: { orgId }, body }),
    onSuccess: async (connection) => {
      showBanner(`Connected ${connection.target}.`);
      setCreated(connection);
      await queryClient.invalidateQueries({ queryKey: trackerKeys.connections(orgId) });
      await queryClient.invalidateQueries({ queryKey: trackerKeys.mapping(orgId) });
    },
    onError,
  });
  const disconnect = useMutation({
    mutationFn: (connectionId: number) =>
      apiClient.call(routes.disconnectTracker, { params: { orgId, connectionId } }),
    onSuccess: async (text) => {
      showBanner(text);
      await queryClient.invalidateQueries({ queryKey: trackerKeys.connections(orgId) });
    },
    onError,
  });
  const saveMapping = useMutation({
    mutationFn: (body: TTrackerStateMapping) =>
      apiClient.call(routes.setTrackerStateMapping, { params: { orgId }, body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(trackerKeys.mapping(orgId), saved);
      showBanner('Mapping saved.');
    },
    onError,
  });
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" mt="lg">
      <Panel title="Connect an issue tracker">
        <TrackerConnectForm
          isSaving={connect.isPending}
          onSubmit={(body) => connect.mutate(body)}
        />
      </Panel>
      <Panel title="Issue trackers">
        <Stack>
          {connections.data?.length === 0 ? (
            <Text size="sm">
              No tracker yet. Connect one to create issues from items and have closing them there
              close the items here.
            </Text>
          ) : null}
          {connections.data?.map((connection) => (
            <Card
              key={connection.connectionId}
              withBorder
              component="article"
              aria-label={`${TRACKER_VENDOR_NAMES[connection.vendor]} ${connection.target}`}
            >
              <Group justify="space-between" wrap="nowrap">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600}>
                    {TRACKER_VENDOR_NAMES[connection.vendor]} · {connection.target}
                  </Text>
                  <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                    Webhook: {connection.webhookUrl}
                  </Text>
                </Stack>
                <Button
                  size="xs"
                  color="red.8"
                  loading={disconnect.isPending && disconnect.variables === connection.connectionId}
                  onClick={() => disconnect.mutate(connection.connectionId)}
                >
                  Disconnect
                </Button>
              </Group>
            </Card>
          ))}
          {mapping.data && statuses.data && (connections.data?.length ?? 0) > 0 ? (
            <StateMappingForm
              key={JSON.stringify(mapping.data)}
              mapping={mapping.data}
              statuses={statuses.data}
              isSaving={saveMapping.isPending}
              onSubmit={(body) => saveMapping.mutate(body)}
            />
          ) : null}
        </Stack>
      </Panel>
      <TrackerSetupDialog connection={created} onClose={() => setCreated(null)} />
    </SimpleGrid>
  );
}
