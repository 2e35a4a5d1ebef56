import { Button, Code, CopyButton, Group, List, Modal, Stack, Text } from '@mantine/core';
import { TRACKER_VENDOR_NAMES, type TTrackerConnection, type TTrackerVendor } from '@waymark/core';
import { MAIN_CONTENT_ID } from '../../../components/skip-link/skip-link';

/** Props of {@link TrackerSetupDialog}. */
export type TrackerSetupDialogProps = {
  /** The new connection with its webhook secret; `null`: closed. */
  connection: (TTrackerConnection & { webhookSecret: string }) | null;
  onClose: () => void;
};

function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button size="compact-xs" variant="default" onClick={copy} aria-label={`Copy ${label}`}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Code
        block
        aria-label={label}
        data-testid={testId}
        style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        {value}
      </Code>
    </Stack>
  );
}

/** Where the webhook Waymark added itself is, per vendor that lets it add one. */
const ADDED_WEBHOOK: Record<Exclude<TTrackerVendor, 'github'>, (target: string) => string> = {
  linear: (team) =>
    `Waymark added a webhook named “Waymark” to team ${team} in Linear (Settings → API → Webhooks), signed with its own secret: moving an issue there updates its item here. Nothing more to do.`,
  jira: (target) =>
    `Waymark added a webhook named “Waymark (${target.split('/').at(-1) ?? target})” to the Jira site (Settings → System → WebHooks), signed with its own secret: moving an issue of the project there updates its item here. Nothing more to do.`,
};

/**
 * After connecting Linear or Jira: the webhook Waymark added there. After connecting GitHub: the webhook
 * to add in the repository (Settings → Webhooks), with the secret
 * shown this once, so closing and reopening an issue there reaches Waymark.
 */
export function TrackerSetupDialog({ connection, onClose }: TrackerSetupDialogProps) {
  if (connection && connection.vendor !== 'github')
    return (
      <Modal
        opened
        onClose={onClose}
        title={`${TRACKER_VENDOR_NAMES[connection.vendor]} is connected`}
        centered
        portalProps={{ target: document.getElementById(MAIN_CONTENT_ID) ?? undefined }}
      >
        <Stack>
          <Text size="sm">{ADDED_WEBHOOK[connection.vendor](connection.target)}</Text>
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      </Modal>
    );
  return (
    <Modal
      opened={connection !== null}
      onClose={onClose}
      title="Add the webhook in GitHub"
      centered
      portalProps={{ target: document.getElementById(MAIN_CONTENT_ID) ?? undefined }}
    >
      {connection ? (
        <Stack>
          <Text size="sm">
            In {connection.target} on GitHub, open Settings → Webhooks → Add webhook and enter:
          </Text>
          <CopyField
            label="Payload URL"
            value={connection.webhookUrl}
            testId="tracker-webhook-url"
          />
          <CopyField
            label="Secret"
            value={connection.webhookSecret}
            testId="tracker-webhook-secret"
          />
          <List size="sm">
            <List.Item>Content type: application/json</List.Item>
            <List.Item>Events: Let me select individual events → Issues</List.Item>
          </List>
          <Text size="sm">Waymark will not show this secret again.</Text>
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
