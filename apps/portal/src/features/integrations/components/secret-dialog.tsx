import { Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { MAIN_CONTENT_ID } from '../../../components/skip-link/skip-link';

/** Props of {@link SecretDialog}. */
export type SecretDialogProps = {
  /** The `whsec_…` secret to show; `null`: closed. */
  secret: string | null;
  onClose: () => void;
};

/** Shows a new signing secret once, with a copy button: it cannot be read again later. */
export function SecretDialog({ secret, onClose }: SecretDialogProps) {
  return (
    <Modal
      opened={secret !== null}
      onClose={onClose}
      title="Signing secret"
      centered
      // Portalled into <main>, as ConfirmDialog is: there the modal's <header> is no second banner.
      portalProps={{ target: document.getElementById(MAIN_CONTENT_ID) ?? undefined }}
    >
      <Stack>
        <Text size="sm">
          Copy this secret now and store it with your receiver: Waymark will not show it again.
          Verify each request&apos;s <Code>webhook-signature</Code> with it (Standard Webhooks).
        </Text>
        <Code block aria-label="Signing secret" data-testid="webhook-secret">
          {secret}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={secret ?? ''}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
