import { Button, Group, Modal, Text } from '@mantine/core';

/** Props of {@link NoProjectsDialog}. */
export type NoProjectsDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** Opens the create-project dialog. */
  onCreate: () => void;
};

/** spec §2, §4: the No Projects Found dialog, offering to create the first project. */
export function NoProjectsDialog({ opened, onClose, onCreate }: NoProjectsDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="No Projects Found" centered>
      <Text>
        Your organization has no projects yet. Create the first one here, or open the extension on
        your site and create it there.
      </Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        <Button onClick={onCreate}>Create project</Button>
      </Group>
    </Modal>
  );
}
