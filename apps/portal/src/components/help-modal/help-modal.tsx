import { Anchor, Modal, Stack, Text } from '@mantine/core';
import {
  EXTENSION_VERSION_LABEL,
  SUPPORT_EMAIL,
  SUPPORT_HOURS,
  SUPPORT_PHONE,
} from '@waymark/core';

/** Props of {@link HelpModal}. */
export type HelpModalProps = { opened: boolean; onClose: () => void };

/** spec §2 Dialogs: Help — support hours, phone and e-mail, and the extension version label. */
export function HelpModal({ opened, onClose }: HelpModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Help" centered>
      <Stack gap="sm">
        <Text>Our support team is here {SUPPORT_HOURS}.</Text>
        <Text>
          Phone:{' '}
          <Anchor href={`tel:${SUPPORT_PHONE.replace(/[^+\d]/g, '')}`}>{SUPPORT_PHONE}</Anchor>
        </Text>
        <Text>
          E-mail: <Anchor href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Anchor>
        </Text>
        <Text size="sm" c="dimmed">
          Extension version {EXTENSION_VERSION_LABEL}
        </Text>
      </Stack>
    </Modal>
  );
}
