import { Badge, Button, Code, Table, Text, VisuallyHidden } from '@mantine/core';
import { routes, type TWebhookDelivery } from '@waymark/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useBanner } from '../../../components/banner/use-banner';
import { apiClient } from '../../../lib/api-client';
import { getErrorMessage } from '../../../lib/error-message';
import { webhookDeliveriesQuery } from '../api/webhook-queries';
import { EVENT_LABELS } from '../event-labels';

// Dark enough for white badge text at 4.5:1 (Mantine's green.9 and yellow.9 are not: axe).
const STATUS_COLORS: Record<TWebhookDelivery['status'], string> = {
  delivered: '#1b5e20',
  pending: '#7a4a00',
  failed: '#a51d24',
};

const formatTime = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

/** An endpoint's delivery log: event, status, time, response code and body excerpt, redeliver. */
export function DeliveryLog({ orgId, endpointId }: { orgId: number; endpointId: number }) {
  const { showBanner } = useBanner();
  const deliveries = useQuery(webhookDeliveriesQuery(orgId, endpointId));
  const redeliver = useMutation({
    mutationFn: (delivery: TWebhookDelivery) =>
      apiClient.call(routes.redeliverWebhook, {
        params: { orgId, endpointId, deliveryId: delivery.deliveryId },
        body: { attempts: delivery.attempts },
      }),
    onSuccess: async () => {
      showBanner('The delivery will be sent again.');
      await deliveries.refetch();
    },
    onError: (error) => showBanner(getErrorMessage(error), 'error'),
  });
  if (deliveries.isPending) return <Text size="sm">Loading deliveries…</Text>;
  if (!deliveries.data?.length) return <Text size="sm">No delivery yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table aria-label="Deliveries" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Event</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Last attempt</Table.Th>
            <Table.Th>Response</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deliveries.data.map((delivery) => (
            <Table.Tr key={delivery.deliveryId}>
              <Table.Td>
                {EVENT_LABELS[delivery.eventType]} · item #{delivery.itemId}
              </Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLORS[delivery.status]} variant="filled">
                  {delivery.status}
                </Badge>{' '}
                <Text span size="xs">
                  {delivery.attempts} {delivery.attempts === 1 ? 'attempt' : 'attempts'}
                </Text>
              </Table.Td>
              <Table.Td>{formatTime(delivery.lastAttemptAt ?? delivery.createdAt)}</Table.Td>
              <Table.Td>
                <Text size="sm">{delivery.responseStatus ?? '—'}</Text>
                {delivery.responseExcerpt ? (
                  <Code>{delivery.responseExcerpt.slice(0, 120)}</Code>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="default"
                  disabled={delivery.status === 'pending'}
                  loading={redeliver.isPending && redeliver.variables === delivery}
                  onClick={() => redeliver.mutate(delivery)}
                >
                  Redeliver
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
