import { Button, Group, Modal, Text } from '@mantine/core';
import type { TOrgUser } from '@waymark/core';

/** Props of {@link DeleteUserModal}. */
export type DeleteUserModalProps = {
  /** The user to delete; the modal is open while set. */
  user: TOrgUser | null;
  isDeleting: boolean;
  onConfirm: (user: TOrgUser) => void;
  onClose: () => void;
};

/** spec §2 Dialogs: the Delete User confirmation. */
export function DeleteUserModal({ user, isDeleting, onConfirm, onClose }: DeleteUserModalProps) {
  return (
    <Modal
      opened={user !== null}
      onClose={onClose}
      title="Delete User"
      centered
      // Inside <main>, the modal's <header> is not a second banner landmark (axe).
      withinPortal={false}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Text>
        Delete {user?.fullName || user?.email}? They lose access to this organization and its
        projects, and their license becomes free.
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button color="red" loading={isDeleting} onClick={() => user && onConfirm(user)}>
          Delete
        </Button>
      </Group>
    </Modal>
  );
}
