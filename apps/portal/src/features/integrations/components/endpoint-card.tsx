import { Badge, Button, Card, Group, Stack, Switch, Text } from '@mantine/core';
import type { TWebhookEndpoint } from '@waymark/core';
import { useState } from 'react';
import { EVENT_LABELS } from '../event-labels';
import { DeliveryLog } from './delivery-log';

/** Props of {@link EndpointCard}. */
export type EndpointCardProps = {
  orgId: number;
  endpoint: TWebhookEndpoint;
  /** The project filter's name; `null`: all projects. */
  projectName: string | null;
  onToggle: (isEnabled: boolean) => void;
  onRotate: () => void;
  onEdit: () => void;
  onDelete: () => void;
};

/** One endpoint: URL, kind, events, project, state, its actions and its delivery log. */
export function EndpointCard(props: EndpointCardProps) {
  const { endpoint } = props;
  const [isLogOpen, setIsLogOpen] = useState(false);
  const label = endpoint.description || endpoint.url;
  return (
    <Card withBorder component="article" aria-label={label}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {endpoint.url}
            </Text>
            {endpoint.description ? <Text size="sm">{endpoint.description}</Text> : null}
          </Stack>
          <Badge variant="light" color="blue.9">
            {endpoint.kind === 'slack' ? 'Slack' : 'Webhook'}
          </Badge>
        </Group>
        <Text size="sm">
          {endpoint.events.map((name) => EVENT_LABELS[name]).join(', ')} ·{' '}
          {props.projectName ?? 'All projects'}
        </Text>
        {endpoint.disabledReason && !endpoint.isEnabled ? (
          <Text size="sm" c="red.9" role="status">
            Disabled: {endpoint.disabledReason}
          </Text>
        ) : null}
        <Group justify="space-between">
          <Switch
            label="Enabled"
            checked={endpoint.isEnabled}
            onChange={(event) => props.onToggle(event.currentTarget.checked)}
          />
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              aria-expanded={isLogOpen}
              onClick={() => setIsLogOpen((open) => !open)}
            >
              {isLogOpen ? 'Hide deliveries' : 'Deliveries'}
            </Button>
            <Button size="xs" variant="default" onClick={props.onEdit}>
              Edit
            </Button>
            {endpoint.kind === 'webhook' ? (
              <Button size="xs" variant="default" onClick={props.onRotate}>
                Rotate secret
              </Button>
            ) : null}
            <Button size="xs" color="red.8" variant="filled" onClick={props.onDelete}>
              Delete
            </Button>
          </Group>
        </Group>
        {isLogOpen ? <DeliveryLog orgId={props.orgId} endpointId={endpoint.endpointId} /> : null}
      </Stack>
    </Card>
  );
}
