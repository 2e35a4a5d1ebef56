import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { FormEvent } from 'react';
import { useSaveOrgName } from '../use-save-org-name';
import { useOrgNameField } from './org-name-field';

/** Props of {@link NameOrganizationModal}. */
export type NameOrganizationModalProps = {
  opened: boolean;
  /** Called once the name is saved (the app then navigates to /app). */
  onSaved: () => void;
};

/**
 * spec §2 Dialogs, §4 Notifications: the mandatory "Name of new organization" dialog — static
 * backdrop, no Esc, no close button; Let's go! saves the name and navigates to /app.
 */
export function NameOrganizationModal({ opened, onSaved }: NameOrganizationModalProps) {
  const orgName = useOrgNameField();
  const save = useSaveOrgName({ onSaved });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = orgName.read();
    if (name !== null) save.mutate(name);
  };

  return (
    <Modal
      opened={opened}
      onClose={() => undefined}
      title="Name of new organization"
      centered
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text>Give your organization a name your team will recognise.</Text>
          {orgName.field}
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Let&apos;s go!
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
