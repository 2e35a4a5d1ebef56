import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { TRIAL_LENGTH_DAYS } from '@waymark/core';
import type { FormEvent } from 'react';
import { MAIN_CONTENT_ID } from '../../../components/skip-link/skip-link';
import { useCreateOrganization } from '../use-create-organization';
import { useOrgNameField } from './org-name-field';

/** Props of {@link NewOrganizationModal}. */
export type NewOrganizationModalProps = {
  opened: boolean;
  /** Dialog title: New Organization in the admin shell, Create Organization on /non-admin. */
  title: string;
  /** The other way out (Logout in the admin shell, Cancel on /non-admin); never a dismiss. */
  secondaryAction: { label: string; onClick: () => void };
  /** Called after the organization exists. */
  onCreated?: () => void;
  /**
   * True for a user who belongs to no organization at all (the admin shell's case after sign-up):
   * the dialog also asks for the name, so one step creates a named organization (issue 25).
   */
  hasNoOrganization?: boolean;
};

/**
 * spec §2, §4: the non-dismissable New Organization confirmation — centred, medium, no close
 * button, no backdrop click and no Esc — for an existing user to create an organization.
 */
export function NewOrganizationModal({
  opened,
  title,
  secondaryAction,
  onCreated,
  hasNoOrganization = false,
}: NewOrganizationModalProps) {
  const create = useCreateOrganization({ onCreated });
  const orgName = useOrgNameField();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!hasNoOrganization) return create.mutate(undefined);
    const name = orgName.read();
    if (name !== null) create.mutate(name);
  };
  return (
    <Modal
      // Portalled into <main>: there the modal's <header> is not a second banner landmark (axe).
      portalProps={{ target: document.getElementById(MAIN_CONTENT_ID) ?? undefined }}
      opened={opened}
      onClose={() => undefined}
      title={title}
      centered
      size="md"
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text>
            {hasNoOrganization && 'You are not part of an organization yet. '}
            Create an organization of your own to manage its Waymark subscription, users, projects
            and drop-down fields. It starts on a free {TRIAL_LENGTH_DAYS}-day Standard Trial.
          </Text>
          {hasNoOrganization && orgName.field}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={secondaryAction.onClick} disabled={create.isPending}>
              {secondaryAction.label}
            </Button>
            <Button type="submit" loading={create.isPending} data-autofocus={!hasNoOrganization}>
              Create Organization
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
