import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { ORG_NAME_MAX_LENGTH, ZOrgName } from '@waymark/core';
import { useState, type FormEvent } from 'react';
import { useSaveOrgName } from '../use-save-org-name';

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
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveOrgName({ onSaved });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZOrgName.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a name for your organization.');
      return;
    }
    setError(null);
    save.mutate(parsed.data);
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
          <TextInput
            label="Organization name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={error}
            maxLength={ORG_NAME_MAX_LENGTH}
            required
            data-autofocus
          />
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
