import { Box, Button, Group, Modal, Stack } from '@mantine/core';
import type { TNotification } from '@waymark/core';
import { MAIN_CONTENT_ID } from '../../../components/skip-link/skip-link';
import { notificationButtonLabel } from '../notification-actions';
import { useNotificationQueue } from '../use-notification-queue';

/** Props of {@link NotificationDialog}. */
export type NotificationDialogProps = {
  /** False while another mandatory dialog is open, so two static dialogs never stack. */
  isActive: boolean;
  /** Runs after a dismissal for an organization whose name is empty (spec §4). */
  onOrgNameMissing: () => void;
  /**
   * Notifications dismissed without being shown, e.g. the welcome of an organization just created
   * with its name (issue 25: the Account screen explains the trial instead).
   */
  isSilent?: (notification: TNotification) => boolean;
};

/**
 * spec §2 Dialogs, §4 Notifications: the caller's queued notifications, one at a time, each in a
 * static modal (no close button, no backdrop click, no Esc) answered by Okay or Accept.
 */
export function NotificationDialog({
  isActive,
  onOrgNameMissing,
  isSilent,
}: NotificationDialogProps) {
  const { current, answer, isAnswering } = useNotificationQueue({ onOrgNameMissing, isSilent });
  return (
    <Modal
      // Portalled into <main>: there the modal's <header> is not a second banner landmark (axe).
      portalProps={{ target: document.getElementById(MAIN_CONTENT_ID) ?? undefined }}
      opened={isActive && current !== null}
      onClose={() => undefined}
      title="Notification"
      centered
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
    >
      {current && (
        <Stack gap="md">
          {/* The server sanitises notificationDescription before storing it (spec §3: HTML). */}
          <Box dangerouslySetInnerHTML={{ __html: current.notificationDescription }} />
          <Group justify="flex-end">
            <Button onClick={() => answer(current)} loading={isAnswering}>
              {notificationButtonLabel(current.notificationTemplateId)}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
